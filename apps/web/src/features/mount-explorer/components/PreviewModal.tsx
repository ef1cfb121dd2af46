import {
  ActionIcon,
  Alert,
  Button,
  Center,
  getDefaultZIndex,
  Group,
  Loader,
  Modal,
  Text,
  Tooltip,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { FsEntry } from '@pastebox/contract/schemas/fs';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconPencil,
  IconShare,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatBytes } from '@/lib/uploader/format';
import type { EntryActions } from '@/features/mount-explorer/hooks/use-entry-actions';
import { useIsPhone } from '@/features/mount-explorer/hooks/use-is-phone';
import { abilitiesOf } from '@/features/mount-explorer/lib/abilities';
import { MUTED_TEXT } from '@/lib/entry-colors';
import { explorerUrl } from '@/features/mount-explorer/lib/explorer-paths';
import { PreviewBody } from './PreviewBody';

export interface PreviewModalProps {
  folder: string;
  /** The `?preview=` name, or null when nothing is previewed. */
  name: string | null;
  /** The folder's entries in display order (prev/next follow it); null while loading. */
  entries: FsEntry[] | null;
  actions: EntryActions;
  /** Another explorer dialog (Share link, Edit, …) is open over the preview. */
  covered: boolean;
  onClose: () => void;
}

/**
 * The preview is the explorer's bottom modal layer: every dialog it opens (Share link, Edit,
 * the editor's "Discard?" question, the QR code) uses Mantine's default modal z-index and so
 * paints above it, whatever order their portals were added to the page in (issue 30: with
 * equal z-indexes the preview, mounted last, covered them).
 */
const PREVIEW_Z_INDEX = getDefaultZIndex('modal') - 1;

/**
 * The preview of `?preview=<name>` (SPEC §2): opened and closed through the address, so a
 * reload keeps it and the back button closes it. ← and → step through the folder's files.
 */
export function PreviewModal({
  folder,
  name,
  entries,
  actions,
  covered,
  onClose,
}: PreviewModalProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const navigate = useNavigate();
  const location = useLocation();
  const entry = name !== null ? entries?.find((each) => each.name === name) : undefined;
  const files = (entries ?? []).filter((each) => !each.isDirectory);
  const index = entry ? files.indexOf(entry) : -1;
  const previous = index > 0 ? files[index - 1] : undefined;
  const next = index >= 0 ? files[index + 1] : undefined;
  // Stepping replaces the entry (keeping its state): back still leaves the preview at once.
  const step = (target: FsEntry | undefined) => {
    if (target) {
      void navigate(explorerUrl(folder, target.name), {
        replace: true,
        state: location.state as unknown,
      });
    }
  };
  useHotkeys(
    // The arrows belong to a dialog opened over the preview (the editor's text, say).
    name !== null && !covered
      ? [
          ['ArrowLeft', () => step(previous)],
          ['ArrowRight', () => step(next)],
        ]
      : [],
  );

  const can = entry ? abilitiesOf(entry) : null;
  return (
    <Modal
      opened={name !== null}
      onClose={onClose}
      zIndex={PREVIEW_Z_INDEX}
      // Every open Mantine modal closes on Escape (a window listener each): while a dialog is
      // over the preview, Escape belongs to that dialog alone.
      closeOnEscape={!covered}
      fullScreen={phone}
      size="min(1100px, 100%)"
      closeButtonProps={{ 'aria-label': t('explorer.preview.close') }}
      title={
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name}
          {entry && !entry.isDirectory && (
            <Text span size="sm" c={MUTED_TEXT} fw={400} ml="xs">
              {formatBytes(entry.size)}
            </Text>
          )}
        </Text>
      }
    >
      {entry && can?.preview && (
        <Group justify="space-between" gap="xs" mb="sm">
          <Group gap={4}>
            <Tooltip label={t('explorer.preview.previous')}>
              <ActionIcon
                variant="default"
                aria-label={t('explorer.preview.previous')}
                disabled={!previous}
                onClick={() => step(previous)}
              >
                <IconChevronLeft size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('explorer.preview.next')}>
              <ActionIcon
                variant="default"
                aria-label={t('explorer.preview.next')}
                disabled={!next}
                onClick={() => step(next)}
              >
                <IconChevronRight size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Group gap="xs">
            {can.edit && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} />}
                onClick={() => actions.edit(entry)}
              >
                {t('explorer.actions.edit')}
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              leftSection={<IconShare size={14} />}
              onClick={() => actions.share(entry)}
            >
              {t('explorer.actions.share')}
            </Button>
            <Button
              size="xs"
              leftSection={<IconDownload size={14} />}
              onClick={() => actions.download(entry)}
            >
              {t('explorer.actions.download')}
            </Button>
          </Group>
        </Group>
      )}
      <PreviewContent name={name} entry={entry} loading={entries === null} actions={actions} />
    </Modal>
  );
}

function PreviewContent(props: {
  name: string | null;
  entry: FsEntry | undefined;
  loading: boolean;
  actions: EntryActions;
}) {
  const { name, entry, loading, actions } = props;
  const { t } = useTranslation();
  if (name === null) {
    return null;
  }
  if (loading) {
    return (
      <Center py="xl">
        <Loader aria-label={t('explorer.preview.loading')} />
      </Center>
    );
  }
  if (!entry) {
    return (
      <Alert color="orange" variant="light">
        {t('explorer.preview.notFound', { name })}
      </Alert>
    );
  }
  if (entry.isDirectory) {
    return (
      <Alert color="blue" variant="light">
        {t('explorer.preview.isFolder', { name })}
        <Button
          component={Link}
          to={explorerUrl(entry.path)}
          size="xs"
          mt="sm"
          display="block"
          w="fit-content"
        >
          {t('explorer.preview.open')}
        </Button>
      </Alert>
    );
  }
  return <PreviewBody entry={entry} actions={actions} />;
}
