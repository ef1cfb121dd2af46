import { Badge, Grid, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconFiles, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/uploader/format';
import { usePageTitle } from '@/lib/use-page-title';
import { useMaxUploadBytes } from '@/features/upload/api/get-max-upload-size';
import { useStorageChoices } from '@/features/upload/api/get-storage-configs';
import { useTouchLayout } from '@/lib/use-touch-layout';
import { FilesTab } from './FilesTab';
import { RecentUploads } from './RecentUploads';
import { UploadAuthNotice, useCanUpload } from './UploadAuthNotice';
import { UrlTab } from './UrlTab';

type UploadTab = 'files' | 'url';

/** Route `/upload` (SPEC §2, issue 3 "Web"): files and URL tabs, recent uploads. */
export function UploadPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.upload'));
  const canUpload = useCanUpload();
  const maxBytes = useMaxUploadBytes();
  const storageChoices = useStorageChoices();
  const [tab, setTab] = useState<UploadTab>('files');
  const touch = useTouchLayout();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2}>{t('titles.upload')}</Title>
          <Text c="dimmed" size="sm">
            {touch ? t('upload.subtitleTouch') : t('upload.subtitle')}
          </Text>
        </div>
        <Badge variant="light" color="gray" size="lg" tt="none" radius="sm">
          {t('upload.maxSize', { size: formatBytes(maxBytes) })}
        </Badge>
      </Group>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {canUpload ? (
            <Tabs
              value={tab}
              onChange={(value) => setTab(value === 'url' ? 'url' : 'files')}
              keepMounted
            >
              <Tabs.List aria-label={t('upload.tabs.label')} mb="md">
                <Tabs.Tab value="files" leftSection={<IconFiles size={16} />}>
                  {t('upload.tabs.files')}
                </Tabs.Tab>
                <Tabs.Tab value="url" leftSection={<IconLink size={16} />}>
                  {t('upload.tabs.url')}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="files">
                <FilesTab
                  maxBytes={maxBytes}
                  storageChoices={storageChoices}
                  active={tab === 'files'}
                />
              </Tabs.Panel>
              <Tabs.Panel value="url">
                <UrlTab maxBytes={maxBytes} storageChoices={storageChoices} />
              </Tabs.Panel>
            </Tabs>
          ) : (
            <UploadAuthNotice />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <RecentUploads />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
