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
import { useEditForm } from '@/features/admin/components/shared/use-edit-form';
import {
  FILE_EXPIRY_HOURS,
  initialFileEditValues,
  toFileUpdateBody,
  validateFileEdit,
} from './file-edit-form';

/** Link suffix, remark, password, expiry and view limit of one file share. */
export function FileEditForm({ file, onDone }: { file: FileShare; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateFile();
  const { values, set, errorText, submit } = useEditForm({
    initial: () => initialFileEditValues(file),
    validate: validateFileEdit,
    toBody: (current) => toFileUpdateBody(file, current),
    save: (body, done) => update.mutate({ id: file.id, body }, done),
    savedMessage: () => t('files.edit.saved'),
    failedTitle: t('files.edit.saveFailed'),
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
          <SlugField
            ns="files"
            data-autofocus
            value={values.slug}
            error={errorText('slug')}
            onChange={(value) => set('slug', value)}
          />
          <RemarkField
            ns="files"
            value={values.remark}
            error={errorText('remark')}
            onChange={(value) => set('remark', value)}
          />
          <PasswordChoiceField
            ns="files"
            hasPassword={file.has_password}
            value={values.passwordChoice}
            onChange={(value) => set('passwordChoice', value)}
          />
          <ExpiryField
            ns="files"
            expiresAt={file.expires_at}
            options={expiryOptions}
            value={values.expiry}
            onChange={(value) => set('expiry', value)}
          />
        </SimpleGrid>
        {values.passwordChoice === 'set' && (
          <NewPasswordField
            ns="files"
            value={values.password}
            error={errorText('password')}
            onChange={(value) => set('password', value)}
          />
        )}
        <MaxViewsField
          ns="files"
          views={file.views}
          value={values.maxViews}
          error={errorText('maxViews')}
          onChange={(value) => set('maxViews', value)}
        />
        <FormButtons onCancel={onDone} saving={update.isPending} />
      </Stack>
    </form>
  );
}
