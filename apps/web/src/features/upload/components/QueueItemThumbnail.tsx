import { Image, ThemeIcon } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewKindOf } from '@/components/preview/preview-kind';

const SIZE = 36;

/**
 * An image file's own picture (the kinds the file page previews), read from the local File;
 * any other file, or an image the browser cannot decode, gets the file icon in the colour
 * of its state.
 */
export function QueueItemThumbnail({ file, color }: { file: File; color: string }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  // The blob: URL lives as long as the <img>: revoked when it goes (React 19 ref cleanup),
  // so a removed item frees the file's bytes.
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) {
        return;
      }
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );

  if (previewKindOf(file.name, file.type) !== 'image' || broken) {
    return (
      <ThemeIcon variant="light" color={color} size={SIZE} radius="md">
        <IconFile size={20} />
      </ThemeIcon>
    );
  }
  return (
    <Image
      ref={attach}
      alt={t('polish.thumbnailOf', { name: file.name })}
      w={SIZE}
      h={SIZE}
      radius="md"
      fit="cover"
      style={{ flex: 'none' }}
      onError={() => setBroken(true)}
    />
  );
}
