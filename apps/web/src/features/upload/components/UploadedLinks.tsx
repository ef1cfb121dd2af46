import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CountdownLinkText } from '@/components/CountdownLinkText';
import { LinkActions } from '@/components/LinkActions';
import { appUrl } from '@/lib/backend';

export interface UploadedLinksProps {
  slug: string;
  filename: string;
  /** An encrypted file's `#k=…` (issue 35): the key, part of every link shown. */
  fragment?: string | undefined;
}

/** The link of an uploaded file with copy, open and QR code (SPEC §2 "QR-code dialog"). */
export function UploadedLinks({ slug, filename, fragment = '' }: UploadedLinksProps) {
  const { t } = useTranslation();
  const path = `/file/${encodeURIComponent(slug)}${fragment}`;
  const link = appUrl(path);
  return (
    <Stack gap={4}>
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
      {fragment && (
        <Text size="xs" c="dimmed">
          {t('upload.result.encryptedNote')}
        </Text>
      )}
    </Stack>
  );
}
