import { SimpleGrid, Stack } from '@mantine/core';
import { LIMITS } from '@pastebox/contract/limits';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { useTranslation } from 'react-i18next';
import { useUpdateFile } from '@/features/admin/api/update-file';
import { FormButtons } from '@/features/admin/components/shared/FormButtons';
import {
  ExpiryField,
  MaxViewsField,
  NewPasswordField,
  PasswordChoiceField,
  RemarkField,
  SlugField,
} from '@/features/admin/components/shared/ShareEditFields';
import { useShareEditForm } from '@/features/admin/components/shared/use-share-edit-form';
import {
  FILE_EXPIRY_HOURS,
  initialFileEditValues,
  toFileUpdateBody,
  validateFileEdit,
} from './file-edit-form';

/** Link suffix, remark, password, expiry and view limit of one file share. */
export function FileEditForm({ file, onDone }: { file: FileShare; onDone: () => void }) {
  const { t } = useTranslation();
  const { values, field, submit, saving } = useShareEditForm({
    ns: 'files',
    id: file.id,
    update: useUpdateFile(),
    initial: () => initialFileEditValues(file),
    validate: validateFileEdit,
    toBody: (current) => toFileUpdateBody(file, current),
    onDone,
    errorParams: { max: LIMITS.remarkMaxLength },
  });
  const expiryOptions = FILE_EXPIRY_HOURS.map((hours) => ({
    value: hours,
    label: t(`files.edit.expiry.h${hours}`),
  }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SlugField data-autofocus {...field('slug')} />
          <RemarkField {...field('remark')} />
          <PasswordChoiceField hasPassword={file.has_password} {...field('passwordChoice')} />
          <ExpiryField expiresAt={file.expires_at} options={expiryOptions} {...field('expiry')} />
        </SimpleGrid>
        {values.passwordChoice === 'set' && <NewPasswordField {...field('password')} />}
        <MaxViewsField views={file.views} {...field('maxViews')} />
        <FormButtons onCancel={onDone} saving={saving} />
      </Stack>
    </form>
  );
}
