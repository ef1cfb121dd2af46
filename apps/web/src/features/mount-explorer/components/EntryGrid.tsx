import { Checkbox, Paper, SimpleGrid, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import type { FsEntry } from '@pastebox/contract/schemas/fs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewKindOf } from '@/components/preview/preview-kind';
import { formatBytes } from '@/lib/uploader/format';
import { useViewLink } from '@/features/mount-explorer/api/get-file-link';
import { isRangeClick } from '@/features/mount-explorer/hooks/use-selection';
import { useKindLabel } from '@/features/mount-explorer/hooks/use-kind-label';
import { MUTED_TEXT } from '@/lib/entry-colors';
import { EntryIcon } from './EntryIcon';
import { EntryLink } from './EntryLink';
import { EntryMenu } from './EntryMenu';
import type { ListingProps } from './EntryTable';
import classes from './Explorer.module.css';

/** Pictures above this are shown as an icon: the thumbnail is the whole image. */
const THUMBNAIL_MAX_BYTES = 8 * 1024 * 1024;

/**
 * A picture of an image file, once its card scrolls into view: one signed link each, so a
 * folder of thousands asks only for the ones seen. Anything else, or a failed image, shows
 * its icon.
 */
function Thumbnail({ entry }: { entry: FsEntry }) {
  const { ref, entry: seen } = useIntersection<HTMLDivElement>({ rootMargin: '200px' });
  const [broken, setBroken] = useState(false);
  const picture =
    !entry.isDirectory &&
    entry.size <= THUMBNAIL_MAX_BYTES &&
    previewKindOf(entry.name, entry.mimetype ?? '') === 'image';
  // Once fetched, the link stays in the cache when the card scrolls out of view again.
  const link = useViewLink(entry.path, picture && (seen?.isIntersecting ?? false));
  const src = link.data?.url;
  return (
    <div ref={ref} className={classes.thumb}>
      {src && !broken ? (
        <img src={src} alt="" loading="lazy" onError={() => setBroken(true)} />
      ) : (
        <EntryIcon entry={entry} size={44} />
      )}
    </div>
  );
}

/** The folder as cards, image files with a thumbnail; a click anywhere on a card opens it. */
export function EntryGrid({ entries, folder, selection, actions }: ListingProps) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  return (
    <SimpleGrid
      cols={{ base: 2, xs: 3, sm: 4, md: 5, lg: 6 }}
      spacing="sm"
      role="list"
      aria-label={t('explorer.listLabel')}
    >
      {entries.map((entry) => {
        const selected = selection.isSelected(entry.path);
        return (
          <Paper
            key={entry.path}
            role="listitem"
            withBorder
            radius="md"
            p="xs"
            className={classes.card}
            data-selected={selected || undefined}
          >
            <Thumbnail entry={entry} />
            <EntryLink
              entry={entry}
              folder={folder}
              className={`${classes.entryName} ${classes.cardLink}`}
            />
            <Text size="xs" c={MUTED_TEXT} truncate="end">
              {entry.isDirectory ? kindLabel(entry) : formatBytes(entry.size)}
            </Text>
            <Checkbox
              className={classes.cardCorner}
              style={{ left: 6 }}
              aria-label={t('explorer.select.one', { name: entry.name })}
              checked={selected}
              onChange={(event) => selection.toggle(entry.path, isRangeClick(event))}
            />
            <div className={classes.cardCorner} style={{ right: 6 }}>
              <EntryMenu entry={entry} actions={actions} variant="default" />
            </div>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
