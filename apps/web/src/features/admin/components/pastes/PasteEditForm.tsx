import { Group, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { PASTE_EXPIRY_OPTIONS } from '@pastebox/contract/limits';
import type { PasteDetail } from '@pastebox/contract/schemas/paste';
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
import { useEditForm } from '@/features/admin/components/shared/use-edit-form';
import { initialEditValues, toUpdateBody, validateEdit } from './paste-edit-form';

/** Content, link suffix, remark, format, password, expiry and view limit of one share. */
export function PasteEditForm({ paste, onDone }: { paste: PasteDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdatePaste();
  const { values, set, errorText, submit } = useEditForm({
    initial: () => initialEditValues(paste),
    validate: validateEdit,
    toBody: (current) => toUpdateBody(paste, current, new Date()),
    save: (body, done) => update.mutate({ id: paste.id, body }, done),
    savedMessage: () => t('texts.edit.saved'),
    failedTitle: t('texts.edit.saveFailed'),
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
          <SlugField
            ns="texts"
            value={values.slug}
            error={errorText('slug')}
            onChange={(value) => set('slug', value)}
          />
          <RemarkField
            ns="texts"
            value={values.remark}
            error={errorText('remark')}
            onChange={(value) => set('remark', value)}
          />
        </SimpleGrid>
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
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <PasswordChoiceField
            ns="texts"
            hasPassword={paste.hasPassword}
            value={values.passwordChoice}
            onChange={(value) => set('passwordChoice', value)}
          />
          <ExpiryField
            ns="texts"
            expiresAt={paste.expiresAt}
            options={expiryOptions}
            value={values.expiry}
            onChange={(value) => set('expiry', value)}
          />
          <MaxViewsField
            ns="texts"
            views={paste.views}
            value={values.maxViews}
            error={errorText('maxViews')}
            onChange={(value) => set('maxViews', value)}
          />
        </SimpleGrid>
        {values.passwordChoice === 'set' && (
          <NewPasswordField
            ns="texts"
            value={values.password}
            error={errorText('password')}
            onChange={(value) => set('password', value)}
          />
        )}
        <FormButtons onCancel={onDone} saving={update.isPending} />
      </Stack>
    </form>
  );
}
