import { Button, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useUpdateApiKey } from '@/features/admin/api/update-api-key';
import { formatDateTime } from '@/features/admin/utils/format';
import { KeyFormFields } from './KeyFormFields';
import {
  editKeyValues,
  toUpdateBody,
  validateKeyForm,
  type KeyFormErrors,
  type KeyFormValues,
} from './key-form';

/** Name, expiry, permissions and base path of an existing key (the key itself is fixed). */
export function EditKeyModal({ item, onClose }: { item: ApiKeyItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={t('keys.editTitle', { name: item?.name ?? '' })}
      size="lg"
    >
      {item && <EditKeyForm key={item.id} item={item} onDone={onClose} />}
    </Modal>
  );
}

function EditKeyForm({ item, onDone }: { item: ApiKeyItem; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateApiKey();
  const [values, setValues] = useState<KeyFormValues>(() => editKeyValues(item));
  const [errors, setErrors] = useState<KeyFormErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateKeyForm(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      return;
    }
    const body = toUpdateBody(item, values, new Date());
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    update.mutate(
      { id: item.id, body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('keys.saved', { name: values.name }) });
          onDone();
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t('keys.saveFailed'),
            message: errorMessage(t, error),
          }),
      },
    );
  };

  const keepExpiryLabel = item.expires_at
    ? t('keys.form.keepExpiry', { date: formatDateTime(item.expires_at, i18n.language) })
    : t('keys.form.keepExpiryNever');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <KeyFormFields
          values={values}
          errors={errors}
          withCustomKey={false}
          keepExpiryLabel={keepExpiryLabel}
          onChange={(key, value) => setValues((previous) => ({ ...previous, [key]: value }))}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
