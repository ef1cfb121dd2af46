import { Paper, Stack, Tabs, Textarea, TextInput } from '@mantine/core';
import { LIMITS } from '@pastebox/contract/limits';
import { FILE_REQUEST_LIMITS } from '@pastebox/contract/schemas/file-request';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '@/components/markdown/MarkdownView';
import type { RequestFieldsProps } from './form-props';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** Title, the Markdown message (written, or previewed as the stranger will see it), slug. */
export function RequestAboutFields({ values, onChange, errorOf }: RequestFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <TextInput
        label={t('fileRequests.form.title')}
        placeholder={t('fileRequests.form.titlePlaceholder')}
        withAsterisk
        data-autofocus
        maxLength={FILE_REQUEST_LIMITS.titleMaxLength}
        value={values.title}
        error={errorOf('title')}
        onChange={(event) => onChange('title', event.currentTarget.value)}
      />
      <Tabs defaultValue="write" variant="outline" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="write">{t('fileRequests.form.messageWrite')}</Tabs.Tab>
          <Tabs.Tab value="preview">{t('fileRequests.form.messagePreview')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="write" pt="xs">
          <Textarea
            label={t('fileRequests.form.message')}
            description={t('fileRequests.form.messageHint')}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={FILE_REQUEST_LIMITS.messageMaxLength}
            value={values.message}
            onChange={(event) => onChange('message', event.currentTarget.value)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="xs">
          <Paper withBorder radius="sm" p="sm" mih={80}>
            <MarkdownView source={values.message} emptyText={t('fileRequests.form.messageEmpty')} />
          </Paper>
        </Tabs.Panel>
      </Tabs>
      <TextInput
        label={t('fileRequests.form.slug')}
        description={t('fileRequests.form.slugHint', { max: LIMITS.slugMaxLength })}
        placeholder={t('common.optional')}
        autoComplete="off"
        spellCheck={false}
        value={values.slug}
        error={errorOf('slug')}
        onChange={(event) => onChange('slug', event.currentTarget.value)}
        styles={MONOSPACE}
      />
    </Stack>
  );
}
