import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ShareSlug } from '@/features/admin/components/ShareSlug';

interface FileSlugProps {
  slug: string;
  hasPassword: boolean;
  pending: boolean;
}

/** The link suffix to /file/{slug}, a lock for a password, a badge while still uploading. */
export function FileSlug({ slug, hasPassword, pending }: FileSlugProps) {
  const { t } = useTranslation();
  const lockLabel = hasPassword ? t('files.passwordProtected') : null;
  return (
    <ShareSlug slug={slug} to={`/file/${slug}`} lockLabel={lockLabel}>
      {pending && (
        <Badge size="xs" variant="light" color="yellow" style={{ flexShrink: 0 }}>
          {t('files.pending')}
        </Badge>
      )}
    </ShareSlug>
  );
}
