import { Box, Group, Image, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { PublicBundleFile } from '@pastebox/contract/schemas/bundle';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/uploader/format';
import { resolveServerUrl } from '@/lib/uploader/server-url';
import { BundleFileIcon } from './BundleFileIcon';
import { FileDownloadButton, type DecryptingDownloads } from './BundleFileList';

/**
 * One picture: its thumbnail (opens the full image in a new tab), name, size, download.
 * An encrypted member has no thumbnail (the server serves ciphertext): its type's icon.
 */
function GalleryTile({
  file,
  decrypting,
}: {
  file: PublicBundleFile;
  decrypting: DecryptingDownloads | undefined;
}) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const src = file.previewUrl ? resolveServerUrl(file.previewUrl) : null;
  return (
    <Paper withBorder radius="md" component="li" style={{ overflow: 'hidden' }}>
      {/* A fixed frame: pictures of any shape line up in even rows. */}
      <Box style={{ aspectRatio: '4 / 3', display: 'block' }}>
        {src && !broken ? (
          <UnstyledButton
            component="a"
            href={src}
            target="_blank"
            rel="noopener"
            display="block"
            h="100%"
            aria-label={t('bundles.page.openImage', { name: file.filename })}
          >
            <Image
              src={src}
              alt={t('bundles.page.thumbnailOf', { name: file.filename })}
              fit="cover"
              h="100%"
              w="100%"
              loading="lazy"
              onError={() => setBroken(true)}
            />
          </UnstyledButton>
        ) : (
          <Stack align="center" justify="center" h="100%" bg="var(--mantine-color-default-hover)">
            {file.encrypted ? (
              <BundleFileIcon filename={file.filename} mimetype={file.mimetype} />
            ) : (
              <IconPhotoOff size={28} aria-hidden />
            )}
          </Stack>
        )}
      </Box>
      <Group gap="xs" wrap="nowrap" p="xs">
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} truncate="end" title={file.filename}>
            {file.filename}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBytes(file.size)}
          </Text>
        </Stack>
        <FileDownloadButton file={file} decrypting={decrypting} />
      </Group>
    </Paper>
  );
}

/** The bundle's images as a grid of thumbnails (two a row on a phone). */
export function BundleGallery({
  files,
  decrypting,
}: {
  files: PublicBundleFile[];
  decrypting?: DecryptingDownloads | undefined;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, md: 4 }}
      spacing="sm"
      component="ul"
      m={0}
      p={0}
      aria-label={t('bundles.page.gallery')}
      style={{ listStyle: 'none' }}
    >
      {files.map((file, index) => (
        <GalleryTile key={`${index}:${file.filename}`} file={file} decrypting={decrypting} />
      ))}
    </SimpleGrid>
  );
}
