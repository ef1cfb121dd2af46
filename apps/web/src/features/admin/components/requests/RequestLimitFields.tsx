import { NumberInput, SegmentedControl, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestFieldsProps } from './form-props';
import { parseAllowedType } from './request-form';
import { SizeInput } from './SizeInput';

const TYPE_SUGGESTIONS = [
  '.pdf',
  '.zip',
  '.docx',
  '.xlsx',
  'image/*',
  'video/*',
  'audio/*',
  'text/*',
];

/** Files or text (chosen once), then for files: how many, how large, which types. */
export function RequestLimitFields({
  values,
  onChange,
  errorOf,
  creating,
}: RequestFieldsProps & { creating: boolean }) {
  const { t } = useTranslation();
  const [typeRefused, setTypeRefused] = useState<string | null>(null);
  const changeTypes = (typed: string[]) => {
    const parsed = typed.map((text) => ({ text, type: parseAllowedType(text.trim()) }));
    const bad = parsed.find((entry) => entry.type === null);
    setTypeRefused(bad ? bad.text : null);
    onChange('allowedTypes', [
      ...new Set(parsed.flatMap((entry) => (entry.type ? [entry.type] : []))),
    ]);
  };
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="request-kind-label">
          {t('fileRequests.form.kind')}
        </Text>
        <SegmentedControl
          aria-labelledby="request-kind-label"
          disabled={!creating}
          value={values.kind}
          onChange={(kind) => onChange('kind', kind as typeof values.kind)}
          data={[
            { value: 'files', label: t('fileRequests.form.kindFiles') },
            { value: 'text', label: t('fileRequests.form.kindText') },
          ]}
        />
        <Text size="xs" c="dimmed">
          {creating ? t('fileRequests.form.kindHint') : t('fileRequests.form.kindFixed')}
        </Text>
      </Stack>
      {values.kind === 'files' && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput
              label={t('fileRequests.form.maxFiles')}
              description={t('fileRequests.form.zeroUnlimited')}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              value={values.maxFiles}
              error={errorOf('maxFiles')}
              onChange={(value) => onChange('maxFiles', value)}
            />
            <SizeInput
              label={t('fileRequests.form.maxFileSize')}
              description={t('fileRequests.form.maxFileSizeHint')}
              value={values.maxFileSize}
              error={errorOf('maxFileSize')}
              onChange={(value) => onChange('maxFileSize', value)}
            />
            <SizeInput
              label={t('fileRequests.form.maxTotalSize')}
              description={t('fileRequests.form.emptyUnlimited')}
              value={values.maxTotalSize}
              error={errorOf('maxTotalSize')}
              onChange={(value) => onChange('maxTotalSize', value)}
            />
          </SimpleGrid>
          <TagsInput
            label={t('fileRequests.form.allowedTypes')}
            description={t('fileRequests.form.allowedTypesHint')}
            placeholder={
              values.allowedTypes.length === 0 ? t('fileRequests.form.anyType') : undefined
            }
            data={TYPE_SUGGESTIONS}
            value={values.allowedTypes}
            onChange={changeTypes}
            splitChars={[',', ' ', ';']}
            clearable
            error={
              typeRefused
                ? t('fileRequests.form.errors.typeInvalid', { type: typeRefused })
                : errorOf('allowedTypes')
            }
          />
        </>
      )}
    </Stack>
  );
}
