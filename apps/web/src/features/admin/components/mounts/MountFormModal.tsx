import { Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MountItem } from '@pastebox/contract/schemas/mount';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useCreateMount } from '@/features/admin/api/create-mount';
import { useStorageConfigs } from '@/features/admin/api/get-storage-configs';
import { useUpdateMount } from '@/features/admin/api/update-mount';
import { FormButtons } from '@/features/admin/components/shared/FormButtons';
import { MountFormFields } from './MountFormFields';
import {
  emptyMountValues,
  mountValuesOf,
  serverFieldErrors,
  toCreateMountBody,
  toUpdateMountBody,
  validateMount,
  type MountFormErrors,
  type MountFormValues,
} from './mount-form';

interface MountFormModalProps {
  opened: boolean;
  /** The mount being edited; null creates a new one. */
  mount: MountItem | null;
  /** Every mount, so a path overlap shows by the field before saving. */
  mounts: MountItem[];
  onClose: () => void;
}

/** Create or edit a mount; the form is rebuilt each time the dialog opens. */
export function MountFormModal({ opened, mount, mounts, onClose }: MountFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={mount ? t('mounts.editTitle', { name: mount.name }) : t('mounts.createTitle')}
      size="lg"
    >
      {opened && (
        <MountForm
          key={mount?.id ?? 'new'}
          mount={mount}
          others={mounts.filter((other) => other.id !== mount?.id)}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

/** Checks every field first, then saves; a refusal about one field is shown on it. */
function MountForm({
  mount,
  others,
  onDone,
}: {
  mount: MountItem | null;
  others: MountItem[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const configs = useStorageConfigs();
  const create = useCreateMount();
  const update = useUpdateMount();
  const defaultConfigId = configs.data?.find((config) => config.is_default)?.id;
  const [values, setValues] = useState<MountFormValues>(() =>
    mount ? mountValuesOf(mount) : emptyMountValues(),
  );
  const [errors, setErrors] = useState<MountFormErrors>({});
  // The default config arrives after the form opens: preselect it once, unless chosen.
  const shown =
    !mount && values.storageConfigId === '' && defaultConfigId
      ? { ...values, storageConfigId: defaultConfigId }
      : values;

  const change = <K extends keyof MountFormValues>(key: K, value: MountFormValues[K]) => {
    setValues({ ...shown, [key]: value });
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };
  const saved = (message: string) => {
    notifications.show({ color: 'green', message });
    onDone();
  };
  const failed = (error: unknown) => {
    const onFields = serverFieldErrors(error);
    if (onFields) {
      setErrors(onFields);
      return;
    }
    notifications.show({
      color: 'red',
      title: t('mounts.saveFailed'),
      message: errorMessage(t, error),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateMount(shown, others);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      return;
    }
    if (!mount) {
      create.mutate(toCreateMountBody(shown), {
        onSuccess: (item) => saved(t('mounts.created', { name: item.name })),
        onError: failed,
      });
      return;
    }
    const body = toUpdateMountBody(shown, mount);
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    update.mutate(
      { id: mount.id, body },
      { onSuccess: (item) => saved(t('mounts.saved', { name: item.name })), onError: failed },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('mounts.formLabel')}>
      <Stack gap="lg">
        <MountFormFields
          values={shown}
          errors={errors}
          onChange={change}
          configs={configs.data ?? []}
          configsLoading={configs.isPending}
        />
        <FormButtons
          onCancel={onDone}
          saving={create.isPending || update.isPending}
          saveLabel={mount ? t('common.save') : t('common.create')}
        />
      </Stack>
    </form>
  );
}
