import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import type { FileRequest } from '@pastebox/contract/schemas/file-request';
import { IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyIconButton, CopyTextButton } from '@/components/CopyButton';

/** A new request is worth this dialog when a webhook receiver must be told its secret. */
export function needsCreatedDialog(request: FileRequest): boolean {
  return Boolean(request.webhook_url && request.webhook_secret);
}

interface RequestCreatedDialogProps {
  /** The request just created; null when closed. */
  request: FileRequest | null;
  onQr: (request: FileRequest) => void;
  onClose: () => void;
}

/**
 * Right after a request with a webhook is created: its link (copy, QR) to send out, and
 * the webhook's signing secret to copy into the receiver at once.
 */
export function RequestCreatedDialog({ request, onQr, onClose }: RequestCreatedDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      centered
      title={
        <Text fw={600} truncate maw="70vw">
          {t('fileRequests.createdNotice.title', { title: request?.title ?? '' })}
        </Text>
      }
    >
      {request && (
        <Stack gap="md">
          <Text size="sm">{t('fileRequests.createdNotice.body')}</Text>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('fileRequests.createdNotice.link')}
            </Text>
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {request.url}
            </Text>
            <Group gap="xs">
              <CopyTextButton text={request.url} size="xs">
                {t('fileRequests.createdNotice.copyLink')}
              </CopyTextButton>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconQrcode size={14} />}
                onClick={() => onQr(request)}
              >
                {t('fileRequests.createdNotice.qr')}
              </Button>
            </Group>
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="created-request-secret">
              {t('fileRequests.createdNotice.secret')}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Code
                aria-labelledby="created-request-secret"
                style={{ overflowWrap: 'anywhere', minWidth: 0 }}
              >
                {request.webhook_secret}
              </Code>
              <CopyIconButton
                text={request.webhook_secret ?? ''}
                label={t('fileRequests.createdNotice.copySecret')}
              />
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('fileRequests.createdNotice.secretHint', { url: request.webhook_url })}
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('fileRequests.createdNotice.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
