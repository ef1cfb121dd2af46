import { useTranslation } from 'react-i18next';
import { ShareSlug } from '@/features/admin/components/ShareSlug';

/** A paste's link suffix, linking to its page, with a lock when it has a password. */
export function PasteSlug({ slug, hasPassword }: { slug: string; hasPassword: boolean }) {
  const { t } = useTranslation();
  const lockLabel = hasPassword ? t('texts.passwordProtected') : null;
  return <ShareSlug slug={slug} to={`/paste/${slug}`} lockLabel={lockLabel} />;
}
