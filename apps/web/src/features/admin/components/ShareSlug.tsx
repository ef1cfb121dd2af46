import { Anchor, Group, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface ShareSlugProps {
  slug: string;
  /** The share's page, e.g. /paste/{slug} or /file/{slug}. */
  to: string;
  /** The lock's accessible name; no lock when null (no password). */
  lockLabel: string | null;
  /** Extra marks after the slug, e.g. a "still uploading" badge. */
  children?: ReactNode;
}

/** A share's link suffix, linking to its page, with a lock when it has a password. */
export function ShareSlug({ slug, to, lockLabel, children }: ShareSlugProps) {
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Anchor
        component={Link}
        to={to}
        ff="monospace"
        size="sm"
        style={{ whiteSpace: 'nowrap' }}
        truncate
      >
        {slug}
      </Anchor>
      {lockLabel && (
        <Tooltip label={lockLabel}>
          <IconLock
            size={15}
            stroke={1.8}
            aria-label={lockLabel}
            color="var(--mantine-color-orange-6)"
            style={{ flexShrink: 0 }}
          />
        </Tooltip>
      )}
      {children}
    </Group>
  );
}
