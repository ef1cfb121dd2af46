import { useTranslation } from 'react-i18next';
import { CountdownLinkText } from '@/components/CountdownLinkText';
import { LinkActions } from '@/components/LinkActions';
import { appUrl } from '@/lib/backend';

/** The link of an uploaded file with copy, open and QR code (SPEC §2 "QR-code dialog"). */
export function UploadedLinks({ slug, filename }: { slug: string; filename: string }) {
  const { t } = useTranslation();
  const path = `/file/${encodeURIComponent(slug)}`;
  const link = appUrl(path);
  return (
    <LinkActions
      link={link}
      text={<CountdownLinkText link={link} to={path} />}
      labels={{
        copy: t('upload.result.copyLinkOf', { name: filename }),
        open: t('upload.result.open'),
        qr: t('upload.result.qr'),
        qrName: t('upload.result.qrOf', { name: filename }),
      }}
      qrFileName={`pastebox-${slug}`}
    />
  );
}
