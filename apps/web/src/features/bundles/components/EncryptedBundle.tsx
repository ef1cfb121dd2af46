import {
  Badge,
  Button,
  Divider,
  Group,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { plainSize } from '@pastebox/contract/e2e/blob';
import { DEFAULT_SEGMENT_BYTES, E2eDecryptError } from '@pastebox/contract/e2e/format';
import { decodeBase64Url } from '@pastebox/contract/e2e/keys';
import { openFileMeta } from '@pastebox/contract/e2e/metadata';
import type { PublicBundle, PublicBundleFile } from '@pastebox/contract/schemas/bundle';
import { IconFileZip, IconLock, IconPackages, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadFailedAlert, DownloadSavedText } from '@/components/e2e/DownloadOutcome';
import { E2eGate } from '@/components/e2e/E2eGate';
import type { DecryptingSaving } from '@/lib/e2e/use-decrypting-download';
import {
  useDecryptingDownloads,
  type OpenedBundle,
  type OpenedMember,
} from '@/features/bundles/hooks/use-decrypting-downloads';
import { isGalleryImage } from './BundleFileIcon';
import { BundleFileList } from './BundleFileList';
import { BundleGallery } from './BundleGallery';
import { BundleHeader } from './BundleHeader';

/**
 * An end-to-end encrypted bundle's page (issue 35, docs/encryption.md): behind the gate
 * (the link's key, the password) every member's sealed name and type are decrypted; the
 * list and the gallery show them with their plaintext sizes (no thumbnails: the server
 * serves ciphertext only), and each member, or all of them as one ZIP, is decrypted in
 * this browser as it downloads.
 */

/** Opens every member's sealed name; one that does not open fails the whole bundle. */
async function openMembers(
  files: PublicBundleFile[],
  key: Uint8Array,
  password: string | undefined,
): Promise<OpenedBundle> {
  const members = await Promise.all(
    files.map(async (file): Promise<OpenedMember> => {
      if (!file.encrypted_meta) {
        throw new E2eDecryptError('not-encrypted', 'A member of the bundle has no sealed name');
      }
      const meta = await openFileMeta(file.encrypted_meta, key, password);
      return {
        shown: {
          filename: meta.name,
          mimetype: meta.type || 'application/octet-stream',
          // Sealed by this app's uploader, in segments of the default size.
          size: plainSize(file.size, DEFAULT_SEGMENT_BYTES) ?? file.size,
          ...(file.downloadUrl ? { downloadUrl: file.downloadUrl } : {}),
          encrypted: true,
        },
        sealedSize: file.size,
      };
    }),
  );
  return { members, key, password };
}

/** Progress of the running download, and a plain word on how the last one ended. */
function SavingStatus({ saving, onStop }: { saving: DecryptingSaving; onStop: () => void }) {
  const { t } = useTranslation();
  if (saving.state === 'saving') {
    const percent = Math.min(100, Math.round((saving.loaded / Math.max(1, saving.total)) * 100));
    const label = t('bundles.encrypted.downloading', { name: saving.name, percent });
    return (
      <Stack gap={4} role="status">
        <Progress value={percent} aria-label={label} />
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {label}
          </Text>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlayerStop size={14} />}
            onClick={onStop}
          >
            {t('bundles.encrypted.cancel')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (saving.state === 'saved') {
    return (
      <DownloadSavedText>{t('bundles.encrypted.saved', { name: saving.name })}</DownloadSavedText>
    );
  }
  if (saving.state === 'failed') {
    return <DownloadFailedAlert damaged={saving.reason === 'damaged'} />;
  }
  return null;
}

/** The bundle once its names are open: header, pictures, files, downloads. */
function OpenedEncryptedBundle({ bundle, opened }: { bundle: PublicBundle; opened: OpenedBundle }) {
  const { t } = useTranslation();
  const downloads = useDecryptingDownloads(bundle, opened);
  const files = opened.members.map((member) => member.shown);
  const images = files.filter(isGalleryImage);
  const others = files.filter((file) => !isGalleryImage(file));
  const decrypting = { start: downloads.startOne, busy: downloads.busy };
  return (
    <Stack gap="md">
      <BundleHeader
        bundle={bundle}
        // The whole link, key included: the reader may pass it on as they received it.
        link={window.location.href}
        totalSize={files.reduce((sum, file) => sum + file.size, 0)}
        downloadAll={
          <Button
            leftSection={<IconFileZip size={16} />}
            onClick={downloads.startAll}
            disabled={downloads.busy}
          >
            {t('bundles.page.downloadAll')}
          </Button>
        }
      />
      <Text size="sm">{t('bundles.encrypted.body')}</Text>
      <SavingStatus saving={downloads.saving} onStop={downloads.stop} />
      {images.length > 0 && (
        <>
          <Divider label={t('bundles.page.gallery')} labelPosition="left" />
          <BundleGallery files={images} decrypting={decrypting} />
        </>
      )}
      {others.length > 0 && (
        <>
          <Divider label={t('bundles.page.files')} labelPosition="left" />
          <BundleFileList files={others} decrypting={decrypting} />
        </>
      )}
    </Stack>
  );
}

/** What the bundle is, above the gate: its title (which the server knows) and the badge. */
function GateIntro({ bundle }: { bundle: PublicBundle }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
        <IconPackages size={24} />
      </ThemeIcon>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          {bundle.title || t('bundles.page.untitled')}
        </Title>
        <Group gap="xs">
          <Badge variant="light" color="grape" size="sm" leftSection={<IconLock size={11} />}>
            {t('bundles.encrypted.badge')}
          </Badge>
        </Group>
      </Stack>
    </Group>
  );
}

/** An opened encrypted bundle with at least one member (BundlePage decides). */
export function EncryptedBundle({ bundle }: { bundle: PublicBundle }) {
  const files = bundle.files ?? [];
  // Every member is sealed under the same key and password: the first says if one is set.
  const [header] = useState(
    () => decodeBase64Url(files[0]?.encrypted_meta ?? '') ?? new Uint8Array(0),
  );
  return (
    <E2eGate
      header={header}
      texts="bundles.encrypted"
      intro={<GateIntro bundle={bundle} />}
      open={(key, password) => openMembers(files, key, password)}
    >
      {(opened) => <OpenedEncryptedBundle bundle={bundle} opened={opened} />}
    </E2eGate>
  );
}
