import { Accordion, Button, Group, Stack, Text } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconCopyCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UploadOptions } from '@/lib/uploader/types';
import type { StorageChoice } from '@/features/upload/api/get-storage-configs';
import { FileOptionsFields } from './FileOptionsFields';

export interface DefaultOptionsPanelProps {
  value: UploadOptions;
  onChange: (patch: Partial<UploadOptions>) => void;
  /** Applies the defaults to the files already listed; disabled when there are none. */
  onApply: () => void;
  applicable: number;
  storageChoices: StorageChoice[] | null;
}

/** The options new files start with, and "apply to all" for those already listed. */
export function DefaultOptionsPanel(props: DefaultOptionsPanelProps) {
  const { value, onChange, onApply, applicable, storageChoices } = props;
  const { t } = useTranslation();
  return (
    <Accordion variant="contained" radius="md" chevronPosition="right">
      <Accordion.Item value="defaults">
        <Accordion.Control icon={<IconAdjustmentsHorizontal size={18} />}>
          {t('upload.defaults.title')}
        </Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('upload.defaults.hint')}
            </Text>
            <FileOptionsFields
              value={value}
              onChange={onChange}
              storageChoices={storageChoices}
              showSlug={false}
            />
            <Group justify="flex-end">
              <Button
                variant="light"
                leftSection={<IconCopyCheck size={16} />}
                onClick={onApply}
                disabled={applicable === 0}
              >
                {t('upload.defaults.apply')}
              </Button>
            </Group>
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
