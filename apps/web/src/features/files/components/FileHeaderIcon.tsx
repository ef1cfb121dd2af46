import { Image, ThemeIcon } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewKindOf } from '@/components/preview/preview-kind';
import { resolveServerUrl } from '@/lib/uploader/server-url';

const SIZE = 44;

/**
 * The file page's header picture: a thumbnail of an image file, the file icon otherwise.
 * The thumbnail is the same previewUrl the preview below draws (the browser fetches it
 * once), and that URL belongs to this visit: it spends no further view. Without one (the
 * share shown offline, whose links need the server) the icon stands in.
 */
export function FileHeaderIcon({
  filename,
  mimetype,
  previewUrl,
}: {
  filename: string;
  mimetype: string;
  previewUrl: string | null;
}) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  if (previewUrl === null || previewKindOf(filename, mimetype) !== 'image' || broken) {
    return (
      <ThemeIcon size={SIZE} radius="md" variant="light">
        <IconFile size={24} />
      </ThemeIcon>
    );
  }
  return (
    <Image
      src={resolveServerUrl(previewUrl)}
      alt={t('polish.thumbnailOf', { name: filename })}
      w={SIZE}
      h={SIZE}
      radius="md"
      fit="cover"
      style={{ flex: 'none' }}
      onError={() => setBroken(true)}
    />
  );
}
