import { Anchor } from '@mantine/core';
import type { FsEntry } from '@pastebox/contract/schemas/fs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PREVIEW_LINK_STATE } from '@/features/mount-explorer/hooks/use-explorer-location';
import { explorerUrl } from '@/features/mount-explorer/lib/explorer-paths';
import classes from './Explorer.module.css';

/**
 * An entry's name as a real link: a folder opens its address, a file its `?preview=`
 * address, so Enter, a middle click and "open in new tab" all do what they say.
 */
export function EntryLink({
  entry,
  folder,
  children,
  className,
}: {
  entry: FsEntry;
  folder: string;
  children?: ReactNode;
  className?: string;
}) {
  const to = entry.isDirectory ? explorerUrl(entry.path) : explorerUrl(folder, entry.name);
  return (
    <Anchor
      component={Link}
      to={to}
      state={entry.isDirectory ? undefined : PREVIEW_LINK_STATE}
      c="var(--mantine-color-text)"
      className={className ?? classes.entryName}
      title={entry.name}
    >
      {children ?? entry.name}
    </Anchor>
  );
}
