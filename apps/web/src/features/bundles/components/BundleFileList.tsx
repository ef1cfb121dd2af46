import { ActionIcon, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { PublicBundleFile } from '@pastebox/contract/schemas/bundle';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/uploader/format';
import { resolveServerUrl } from '@/lib/uploader/server-url';
import { BundleFileIcon } from './BundleFileIcon';

/**
 * How an encrypted bundle's members download (issue 35): decrypted in this browser, one
 * at a time, instead of by their links (which serve ciphertext).
 */
export interface DecryptingDownloads {
  start: (file: PublicBundleFile) => void;
  /** A download is running: the others wait. */
  busy: boolean;
}

/** Download of one member file, through its visit link (no further view spent). */
export function FileDownloadButton({
  file,
  decrypting,
}: {
  file: PublicBundleFile;
  decrypting?: DecryptingDownloads | undefined;
}) {
  const { t } = useTranslation();
  const label = t('bundles.page.downloadOf', { name: file.filename });
  if (!file.downloadUrl) {
    return null;
  }
  if (decrypting) {
    return (
      <Tooltip label={label}>
        <ActionIcon
          variant="light"
          size="lg"
          aria-label={label}
          disabled={decrypting.busy}
          onClick={() => decrypting.start(file)}
        >
          <IconDownload size={18} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Tooltip label={label}>
      <ActionIcon
        component="a"
        href={resolveServerUrl(file.downloadUrl)}
        download={file.filename}
        variant="light"
        size="lg"
        aria-label={label}
      >
        <IconDownload size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The bundle's files that are not in the gallery: type icon, name, size, download. */
export function BundleFileList({
  files,
  decrypting,
}: {
  files: PublicBundleFile[];
  decrypting?: DecryptingDownloads | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md">
      <Stack
        gap={0}
        component="ul"
        m={0}
        p={0}
        aria-label={t('bundles.page.files')}
        style={{ listStyle: 'none' }}
      >
        {files.map((file, index) => (
          <Group
            key={`${index}:${file.filename}`}
            component="li"
            gap="sm"
            wrap="nowrap"
            px="md"
            py="sm"
            style={{
              borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-default-border)',
            }}
          >
            <BundleFileIcon filename={file.filename} mimetype={file.mimetype} />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {file.filename}
              </Text>
              <Text size="xs" c="dimmed">
                {formatBytes(file.size)}
              </Text>
            </Stack>
            <FileDownloadButton file={file} decrypting={decrypting} />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
