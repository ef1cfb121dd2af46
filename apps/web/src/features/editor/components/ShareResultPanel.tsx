import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { PasteDetail } from '@pastebox/contract/schemas/paste';
import { IconCheck, IconExternalLink, IconEye, IconPlus, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '@/components/CopyButton';
import { QrCodeDialog } from '@/components/QrCodeDialog';
import { appUrl, publicApiUrl } from '@/lib/backend';
import { formatDateTime } from '@/lib/date-time';
import { LINK_VISIBLE_SECONDS, useRevealCountdown } from '@/lib/use-reveal-countdown';

export interface ShareResultPanelProps {
  paste: PasteDetail;
  /** `#k=…` of an end-to-end encrypted share: the link opens nothing without it. */
  fragment?: string;
  onCreateAnother: () => void;
}

/** The freshly created share: its link, raw link, copy buttons, QR code. */
export function ShareResultPanel({ paste, fragment = '', onCreateAnother }: ShareResultPanelProps) {
  const { t, i18n } = useTranslation();
  const [qrOpened, qr] = useDisclosure(false);
  const { remaining, hidden, reveal } = useRevealCountdown(LINK_VISIBLE_SECONDS);
  const link = appUrl(`/paste/${encodeURIComponent(paste.slug)}`) + fragment;
  const encrypted = fragment !== '';
  const rawLink = publicApiUrl(`/raw/${encodeURIComponent(paste.slug)}`);
  const expiry = paste.expiresAt
    ? t('editor.result.expiresAt', {
        time: formatDateTime(paste.expiresAt, i18n.language),
      })
    : t('editor.result.neverExpires');

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="teal" variant="light" size={40} radius="xl">
            <IconCheck size={22} />
          </ThemeIcon>
          <div>
            <Title order={3}>{t('editor.result.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('editor.result.subtitle')}
            </Text>
          </div>
        </Group>

        <Group gap="xs">
          <Badge variant="light">{expiry}</Badge>
          <Badge variant="light" color="gray">
            {paste.maxViews > 0
              ? t('editor.result.maxViews', { max: paste.maxViews })
              : t('editor.result.unlimitedViews')}
          </Badge>
          {encrypted && (
            <Badge variant="light" color="grape">
              {t('paste.encrypted.title')}
            </Badge>
          )}
          {paste.hasPassword && (
            <Badge variant="light" color="orange">
              {t('editor.result.passwordProtected')}
            </Badge>
          )}
          {paste.remark && (
            <Badge variant="outline" color="gray" tt="none">
              {paste.remark}
            </Badge>
          )}
        </Group>

        <Stack gap={6}>
          <TextInput
            label={t('editor.result.link')}
            value={hidden ? '•'.repeat(24) : link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            rightSectionWidth={hidden ? 90 : undefined}
            rightSection={
              hidden ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconEye size={14} />}
                  onClick={reveal}
                >
                  {t('editor.result.show')}
                </Button>
              ) : undefined
            }
          />
          {hidden ? (
            <Text size="xs" c="dimmed">
              {t('editor.result.hiddenNote')}
            </Text>
          ) : (
            <Stack gap={4}>
              <Progress
                value={(remaining / LINK_VISIBLE_SECONDS) * 100}
                size="xs"
                aria-label={t('editor.result.hidesIn', { seconds: remaining })}
              />
              <Text size="xs" c="dimmed" aria-live="polite">
                {t('editor.result.hidesIn', { seconds: remaining })}
              </Text>
            </Stack>
          )}
        </Stack>

        <Group gap="sm">
          <CopyTextButton text={link} variant="filled">
            {t('editor.result.copyLink')}
          </CopyTextButton>
          {!encrypted && (
            <CopyTextButton text={rawLink}>{t('editor.result.copyRaw')}</CopyTextButton>
          )}
          <Button
            component="a"
            href={link}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconExternalLink size={16} />}
          >
            {t('editor.result.open')}
          </Button>
          <Button variant="default" leftSection={<IconQrcode size={16} />} onClick={qr.open}>
            {t('editor.result.qr')}
          </Button>
        </Group>

        {encrypted ? (
          <Text size="sm" c="dimmed">
            {t('editor.result.encryptedNote')}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('editor.result.rawLink')}{' '}
            <Anchor href={rawLink} target="_blank" rel="noopener" ff="monospace" size="sm">
              {hidden ? '•'.repeat(16) : rawLink}
            </Anchor>
          </Text>
        )}

        <Group justify="flex-end">
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onCreateAnother}>
            {t('editor.result.createAnother')}
          </Button>
        </Group>
      </Stack>
      <QrCodeDialog
        opened={qrOpened}
        onClose={qr.close}
        url={link}
        fileName={`pastebox-${paste.slug}`}
      />
    </Paper>
  );
}
