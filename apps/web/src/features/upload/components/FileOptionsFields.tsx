import { NativeSelect, PasswordInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { LIMITS } from '@pastebox/contract/limits';
import { checkSlug } from '@pastebox/contract/rules/slug';
import { useTranslation } from 'react-i18next';
import { ShareLimitFields } from '@/components/upload/ShareLimitFields';
import { storageDisplayName } from '@/lib/storage-display-name';
import type { UploadOptions } from '@/lib/uploader/types';
import type { StorageChoice } from '@/features/upload/api/get-storage-configs';
import { FILE_EXPIRY_CHOICES } from '@/features/upload/lib/upload-options';

export interface FileOptionsFieldsProps {
  value: UploadOptions;
  onChange: (patch: Partial<UploadOptions>) => void;
  /** Null hides the storage select (the server then uses the default config). */
  storageChoices: StorageChoice[] | null;
  /** The defaults panel has no link suffix: each file needs its own. */
  showSlug?: boolean;
  disabled?: boolean;
  /** The slug error the server gave for this file (SLUG_TAKEN…). */
  slugError?: string | null;
}

/** Whether the options can be sent: the slug, when given, follows SPEC §5. */
export function uploadOptionsValid(options: UploadOptions): boolean {
  const slug = options.slug.trim();
  return slug === '' || checkSlug(slug) === null;
}

/**
 * The options of one file share (SPEC §3): link suffix, remark, password, expiry, view
 * limit and storage config, and end-to-end encryption (issue 35) for a file shared by its
 * own link. Controlled: every change is reported as a patch.
 */
export function FileOptionsFields(props: FileOptionsFieldsProps) {
  const { value, onChange, storageChoices, showSlug = true, disabled, slugError } = props;
  const { t } = useTranslation();
  const slug = value.slug.trim();
  const slugProblem = slug === '' ? null : checkSlug(slug);
  const defaultChoice = storageChoices?.find((choice) => choice.isDefault);
  const choiceName = (choice: StorageChoice) =>
    storageDisplayName(t, { name: choice.name, local: choice.storageType === 'local' });

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
      {showSlug && (
        <TextInput
          label={t('upload.options.slug')}
          placeholder={t('upload.options.slugPlaceholder')}
          value={value.slug}
          onChange={(event) => onChange({ slug: event.currentTarget.value })}
          error={slugProblem ? t(`errors.${slugProblem}`) : slugError}
          maxLength={LIMITS.slugMaxLength + 10}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
        />
      )}
      <TextInput
        label={t('upload.options.remark')}
        placeholder={t('upload.options.remarkPlaceholder')}
        value={value.remark}
        onChange={(event) => onChange({ remark: event.currentTarget.value })}
        maxLength={LIMITS.remarkMaxLength}
        disabled={disabled}
      />
      <ShareLimitFields
        value={value}
        onChange={onChange}
        labels="upload.options"
        expiryChoices={FILE_EXPIRY_CHOICES.map((choice) => ({
          value: String(choice.hours),
          label: t(`upload.expiry.${choice.id}`),
        }))}
        disabled={disabled}
      />
      {storageChoices && (
        <NativeSelect
          label={t('upload.options.storage')}
          value={value.storageConfigId ?? ''}
          onChange={(event) => onChange({ storageConfigId: event.currentTarget.value || null })}
          data={[
            {
              value: '',
              label: defaultChoice
                ? t('upload.options.storageDefaultNamed', { name: choiceName(defaultChoice) })
                : t('upload.options.storageDefault'),
            },
            ...storageChoices
              .filter((choice) => !choice.isDefault)
              .map((choice) => ({ value: choice.id, label: choiceName(choice) })),
          ]}
          disabled={disabled}
        />
      )}
      {!value.private && (
        <Switch
          label={t('upload.options.encrypt')}
          description={t('upload.options.encryptHint')}
          checked={value.encrypt ?? false}
          onChange={(event) => onChange({ encrypt: event.currentTarget.checked })}
          disabled={disabled}
          style={{ alignSelf: 'end' }}
        />
      )}
      {!value.private && value.encrypt && (
        <PasswordInput
          label={t('upload.options.encryptionPassword')}
          description={t('upload.options.encryptionPasswordHint')}
          value={value.encryptionPassword ?? ''}
          onChange={(event) => onChange({ encryptionPassword: event.currentTarget.value })}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('upload.options.togglePassword') }}
          disabled={disabled}
        />
      )}
    </SimpleGrid>
  );
}
