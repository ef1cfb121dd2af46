import { Alert, Group, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { PASTE_EXPIRY_OPTIONS } from '@pastebox/contract/limits';
import type { PasteDetail } from '@pastebox/contract/schemas/paste';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUpdatePaste } from '@/features/admin/api/update-paste';
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
import { initialEditValues, toUpdateBody, validateEdit } from './paste-edit-form';

/**
 * Content, link suffix, remark, format, password, expiry and view limit of one share. An
 * end-to-end encrypted share's content is a sealed blob that only its link's key opens:
 * the form then edits the rest and says why the content is not there.
 */
export function PasteEditForm({ paste, onDone }: { paste: PasteDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const { values, set, errorText, field, submit, saving } = useShareEditForm({
    ns: 'texts',
    id: paste.id,
    update: useUpdatePaste(),
    initial: () => initialEditValues(paste),
    validate: validateEdit,
    toBody: (current) => toUpdateBody(paste, current, new Date()),
    onDone,
  });
  const expiryOptions = PASTE_EXPIRY_OPTIONS.map((option) => ({
    value: option.id,
    label: t(`texts.expiryOptions.${option.id}`),
  }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SlugField {...field('slug')} />
          <RemarkField {...field('remark')} />
        </SimpleGrid>
        {paste.encrypted ? (
          <Alert color="grape" icon={<IconLock size={18} />} title={t('texts.encrypted')}>
            {t('texts.encryptedNote')}
          </Alert>
        ) : (
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500} id="paste-edit-content-label">
                {t('texts.edit.content')}
              </Text>
              <SegmentedControl
                size="xs"
                value={values.format}
                onChange={(value) => set('format', value === 'text' ? 'text' : 'markdown')}
                aria-label={t('texts.columns.format')}
                data={[
                  { value: 'markdown', label: t('texts.formatMarkdown') },
                  { value: 'text', label: t('texts.formatText') },
                ]}
              />
            </Group>
            <Textarea
              aria-labelledby="paste-edit-content-label"
              autosize
              minRows={8}
              maxRows={18}
              value={values.content}
              error={errorText('content')}
              onChange={(event) => set('content', event.currentTarget.value)}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
          </Stack>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <PasswordChoiceField hasPassword={paste.hasPassword} {...field('passwordChoice')} />
          <ExpiryField expiresAt={paste.expiresAt} options={expiryOptions} {...field('expiry')} />
          <MaxViewsField views={paste.views} {...field('maxViews')} />
        </SimpleGrid>
        {values.passwordChoice === 'set' && <NewPasswordField {...field('password')} />}
        <FormButtons onCancel={onDone} saving={saving} />
      </Stack>
    </form>
  );
}
