import { Modal, Stack } from '@mantine/core';
import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { useTranslation } from 'react-i18next';
import { ADMIN_KEYS, type ApiKeysBase } from '@/features/admin/api/api-keys-base';
import { useUpdateApiKey } from '@/features/admin/api/update-api-key';
import { FormButtons } from '@/features/admin/components/shared/FormButtons';
import { useEditForm } from '@/features/admin/components/shared/use-edit-form';
import { formatDateTime } from '@/features/admin/utils/format';
import { KeyFormFields } from './KeyFormFields';
import { editKeyValues, toUpdateBody, validateKeyForm } from './key-form';

/** Name, expiry, permissions and base path of an existing key (the key itself is fixed). */
export function EditKeyModal({
  item,
  onClose,
  base = ADMIN_KEYS,
}: {
  item: ApiKeyItem | null;
  onClose: () => void;
  /** Whose list the key is in (see ApiKeysBase). */
  base?: ApiKeysBase;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={t('keys.editTitle', { name: item?.name ?? '' })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {item && <EditKeyForm key={item.id} base={base} item={item} onDone={onClose} />}
    </Modal>
  );
}

function EditKeyForm({
  base,
  item,
  onDone,
}: {
  base: ApiKeysBase;
  item: ApiKeyItem;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateApiKey(base);
  const { values, set, errors, submit } = useEditForm({
    initial: () => editKeyValues(item),
    validate: validateKeyForm,
    toBody: (current) => toUpdateBody(item, current, new Date()),
    save: (body, done) => update.mutate({ id: item.id, body }, done),
    savedMessage: (saved) => t('keys.saved', { name: saved.name }),
    failedTitle: t('keys.saveFailed'),
    onDone,
  });

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
          onChange={set}
        />
        <FormButtons onCancel={onDone} saving={update.isPending} />
      </Stack>
    </form>
  );
}
