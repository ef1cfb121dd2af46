import { Checkbox, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { FILE_REQUEST_LIMITS } from '@pastebox/contract/schemas/file-request';
import { useTranslation } from 'react-i18next';
import { CopyIconButton } from '@/components/CopyButton';
import type { RequestFieldsProps } from './form-props';

/**
 * The optional webhook: a URL POSTed a signed JSON event per upload; once saved, its
 * signing secret is shown here to copy, and can be replaced.
 */
export function RequestWebhookFields({
  values,
  onChange,
  errorOf,
  secret,
}: RequestFieldsProps & { secret: string | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <TextInput
        label={t('fileRequests.form.webhookUrl')}
        description={t('fileRequests.form.webhookHint')}
        placeholder="https://example.com/hooks/pastebox"
        type="url"
        maxLength={FILE_REQUEST_LIMITS.webhookUrlMaxLength}
        value={values.webhookUrl}
        error={errorOf('webhookUrl')}
        onChange={(event) => onChange('webhookUrl', event.currentTarget.value)}
      />
      {secret && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('fileRequests.form.webhookSecret')}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Code style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{secret}</Code>
            <CopyIconButton text={secret} label={t('fileRequests.form.copySecret')} />
          </Group>
          <Text size="xs" c="dimmed">
            {t('fileRequests.form.webhookSecretHint')}
          </Text>
          <Checkbox
            label={t('fileRequests.form.regenerateSecret')}
            checked={values.regenerateSecret}
            onChange={(event) => onChange('regenerateSecret', event.currentTarget.checked)}
          />
        </Stack>
      )}
    </Stack>
  );
}
