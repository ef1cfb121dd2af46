import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconCheck,
  IconCopy,
  IconExternalLink,
  IconLock,
  IconPencil,
  IconQrcode,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyIconButton } from '@/components/CopyButton';
import { appUrl } from '@/lib/backend';
import { usePaste } from '@/features/admin/api/get-paste';
import { MetaField as Meta } from '@/features/admin/components/shared/MetaField';
import { QueryModal } from '@/features/admin/components/shared/QueryModal';
import { useCreatorName } from '@/features/admin/hooks/use-creator-name';
import { formatDateTime } from '@/features/admin/utils/format';
import { ExpiryBadge } from './ExpiryBadge';

interface PasteViewModalProps {
  pasteId: string | null;
  onClose: () => void;
  onEdit: (id: string) => void;
  onQr: (paste: { slug: string }) => void;
}

/** A share's content in a monospace block with its metadata; no view is counted. */
export function PasteViewModal({ pasteId, onClose, onEdit, onQr }: PasteViewModalProps) {
  const { t } = useTranslation();
  const paste = usePaste(pasteId);
  return (
    <QueryModal
      opened={pasteId !== null}
      onClose={onClose}
      title={t('texts.viewTitle', { slug: paste.data?.slug ?? '' })}
      size="xl"
      query={paste}
    >
      {(data) => (
        <PasteDetails paste={data} onEdit={() => onEdit(data.id)} onQr={() => onQr(data)} />
      )}
    </QueryModal>
  );
}

function PasteDetails({
  paste,
  onEdit,
  onQr,
}: {
  paste: NonNullable<ReturnType<typeof usePaste>['data']>;
  onEdit: () => void;
  onQr: () => void;
}) {
  const { t, i18n } = useTranslation();
  const creator = useCreatorName(paste.created_by);
  const link = appUrl(`/paste/${encodeURIComponent(paste.slug)}`);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
        <Meta label={t('texts.columns.format')}>
          {t(paste.format === 'markdown' ? 'texts.formatMarkdown' : 'texts.formatText')}
        </Meta>
        <Meta label={t('texts.columns.remark')}>{paste.remark || '—'}</Meta>
        <Meta label={t('texts.columns.createdAt')}>
          {formatDateTime(paste.createdAt, i18n.language)}
        </Meta>
        <Meta label={t('texts.columns.expiresAt')}>
          <ExpiryBadge
            expiresAt={paste.expiresAt}
            expired={paste.expiresAt !== null && new Date(paste.expiresAt) <= new Date()}
          />
        </Meta>
        <Meta label={t('texts.columns.views')}>
          {paste.views} / {paste.maxViews > 0 ? paste.maxViews : t('common.unlimited')}
        </Meta>
        <Meta label={t('texts.password')}>
          {paste.hasPassword ? t('texts.passwordProtected') : t('texts.noPassword')}
        </Meta>
        <Meta label={t('texts.columns.creator')}>{creator}</Meta>
        <Meta label={t('texts.link')}>
          <Group gap={4} wrap="nowrap" miw={0}>
            <Text size="sm" ff="monospace" truncate title={link}>
              {link}
            </Text>
            <CopyIconButton text={link} label={t('links.copyLink')} />
          </Group>
        </Meta>
      </SimpleGrid>
      {paste.encrypted ? (
        <Alert color="grape" icon={<IconLock size={18} />} title={t('texts.encrypted')}>
          {t('texts.encryptedNote')}
        </Alert>
      ) : (
        <ScrollArea.Autosize mah="50vh" type="auto">
          <Code
            block
            style={{
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              fontSize: 'var(--mantine-font-size-sm)',
            }}
          >
            {paste.content}
          </Code>
        </ScrollArea.Autosize>
      )}
      <Group justify="flex-end" gap="xs">
        {!paste.encrypted && (
          <CopyButton value={paste.content}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? t('common.copied') : t('texts.copyContent')}
              </Button>
            )}
          </CopyButton>
        )}
        <Button variant="default" leftSection={<IconQrcode size={16} />} onClick={onQr}>
          {t('links.qr')}
        </Button>
        <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>
          {t('common.edit')}
        </Button>
        <Button
          component="a"
          href={link}
          target="_blank"
          rel="noreferrer"
          leftSection={<IconExternalLink size={16} />}
        >
          {t('texts.open')}
        </Button>
      </Group>
    </Stack>
  );
}
