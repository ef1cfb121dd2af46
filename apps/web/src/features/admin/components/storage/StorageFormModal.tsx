import { Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { configDisplayName } from '@/lib/storage-display-name';
import { useCreateStorageConfig } from '@/features/admin/api/create-storage-config';
import { useUpdateStorageConfig } from '@/features/admin/api/update-storage-config';
import { StorageFormFields } from './StorageFormFields';
import {
  emptyStorageValues,
  storageValuesOf,
  toCreateBody,
  toUpdateBody,
  validateStorage,
  type StorageFormErrors,
  type StorageFormValues,
} from './storage-form';

interface StorageFormModalProps {
  opened: boolean;
  /** The config being edited; null creates a new one. */
  config: StorageConfigItem | null;
  onClose: () => void;
}

/** Create or edit a storage config; the form is rebuilt each time the dialog opens. */
export function StorageFormModal({ opened, config, onClose }: StorageFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        config
          ? t('storage.editTitle', { name: configDisplayName(t, config) })
          : t('storage.createTitle')
      }
      size="xl"
    >
      {opened && <StorageForm key={config?.id ?? 'new'} config={config} onDone={onClose} />}
    </Modal>
  );
}

/** The form itself: checks every field first, then saves and reports. */
export function StorageForm({
  config,
  onDone,
}: {
  config: StorageConfigItem | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateStorageConfig();
  const update = useUpdateStorageConfig();
  const [values, setValues] = useState<StorageFormValues>(() =>
    config ? storageValuesOf(config) : emptyStorageValues(),
  );
  const [errors, setErrors] = useState<StorageFormErrors>({});

  const done = (message: string) => {
    notifications.show({ color: 'green', message });
    onDone();
  };
  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      title: t('storage.saveFailed'),
      message: errorMessage(t, error),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateStorage(values, config ?? undefined);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      return;
    }
    if (config) {
      update.mutate(
        { id: config.id, body: toUpdateBody(values) },
        { onSuccess: (saved) => done(t('storage.saved', { name: saved.name })), onError: failed },
      );
    } else {
      create.mutate(toCreateBody(values), {
        onSuccess: (saved) => done(t('storage.created', { name: saved.name })),
        onError: failed,
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('storage.formLabel')}>
      <Stack gap="md">
        <StorageFormFields
          values={values}
          errors={errors}
          onChange={setValues}
          editing={config !== null}
          hasStoredKeys={Boolean(config?.has_access_key && config.has_secret)}
        />
        {!config && (
          <Checkbox
            label={t('storage.form.makeDefault')}
            checked={values.isDefault}
            onChange={(event) => setValues({ ...values, isDefault: event.currentTarget.checked })}
          />
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {config ? t('common.save') : t('common.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
