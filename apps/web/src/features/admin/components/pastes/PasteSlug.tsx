import { Anchor, Group, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The share's link suffix, linking to its page, with a lock when it has a password. */
export function PasteSlug({ slug, hasPassword }: { slug: string; hasPassword: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Anchor
        component={Link}
        to={`/paste/${slug}`}
        ff="monospace"
        size="sm"
        style={{ whiteSpace: 'nowrap' }}
        truncate
      >
        {slug}
      </Anchor>
      {hasPassword && (
        <Tooltip label={t('texts.passwordProtected')}>
          <IconLock
            size={15}
            stroke={1.8}
            aria-label={t('texts.passwordProtected')}
            color="var(--mantine-color-orange-6)"
            style={{ flexShrink: 0 }}
          />
        </Tooltip>
      )}
    </Group>
  );
}
