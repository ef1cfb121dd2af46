import { Alert, Code, Group, Text } from '@mantine/core';
import { IconNetwork } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyIconButton } from '@/components/CopyButton';
import { backendUrl } from '@/lib/backend';

/**
 * The WebDAV address of the backend, absolute: WebDAV clients (Explorer, Finder, rclone)
 * need the backend's own origin, which is the page's unless a backend URL is set.
 */
export function webdavUrl(): string {
  return `${backendUrl() || window.location.origin}/dav/`;
}

/**
 * Shown while mount permission is on: the key itself logs in to WebDAV (issue 10). The
 * address is printed once, where it can be copied; the sentence points at it.
 */
export function WebdavKeyHint() {
  const { t } = useTranslation();
  const url = webdavUrl();
  return (
    <Alert variant="light" color="blue" icon={<IconNetwork size={18} />} p="xs">
      <Text size="sm">{t('webdav.keyHint')}</Text>
      <Group gap={4} mt={4} wrap="nowrap">
        <Code style={{ overflowWrap: 'anywhere' }}>{url}</Code>
        <CopyIconButton text={url} label={t('webdav.copyUrl')} />
      </Group>
    </Alert>
  );
}
