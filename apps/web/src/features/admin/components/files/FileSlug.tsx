import { Anchor, Badge, Group, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface FileSlugProps {
  slug: string;
  hasPassword: boolean;
  pending: boolean;
}

/** The link suffix to /file/{slug}, a lock for a password, a badge while still uploading. */
export function FileSlug({ slug, hasPassword, pending }: FileSlugProps) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Anchor
        component={Link}
        to={`/file/${slug}`}
        ff="monospace"
        size="sm"
        style={{ whiteSpace: 'nowrap' }}
        truncate
      >
        {slug}
      </Anchor>
      {hasPassword && (
        <Tooltip label={t('files.passwordProtected')}>
          <IconLock
            size={15}
            stroke={1.8}
            aria-label={t('files.passwordProtected')}
            color="var(--mantine-color-orange-6)"
            style={{ flexShrink: 0 }}
          />
        </Tooltip>
      )}
      {pending && (
        <Badge size="xs" variant="light" color="yellow" style={{ flexShrink: 0 }}>
          {t('files.pending')}
        </Badge>
      )}
    </Group>
  );
}
