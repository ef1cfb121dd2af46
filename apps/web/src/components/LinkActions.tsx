import { ActionIcon, Anchor, Group, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconExternalLink, IconQrcode } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CopyIconButton } from './CopyButton';
import { QrCodeDialog } from './QrCodeDialog';

export interface LinkActionsProps {
  /** The absolute link. */
  link: string;
  /** How the link reads; the link itself, in monospace, unless given. */
  text?: ReactNode;
  /** The names of the buttons (`qrName`: the QR button's accessible name, if it differs). */
  labels: { copy: string; open: string; qr: string; qrName?: string };
  /** The QR dialog's download name and title. */
  qrFileName: string;
  qrTitle?: string;
}

/**
 * A share's link in one row with copy, open in a new tab and its QR code (SPEC §2
 * "QR-code dialog"): the same for an uploaded file, a bundle and any other new link.
 */
export function LinkActions({ link, text, labels, qrFileName, qrTitle }: LinkActionsProps) {
  const [qrOpened, qr] = useDisclosure(false);
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      {text ?? (
        <Anchor
          href={link}
          ff="monospace"
          size="sm"
          truncate="end"
          style={{ flex: 1, minWidth: 0 }}
        >
          {link}
        </Anchor>
      )}
      <CopyIconButton text={link} label={labels.copy} />
      <Tooltip label={labels.open}>
        <ActionIcon
          component="a"
          href={link}
          target="_blank"
          rel="noopener"
          variant="subtle"
          color="gray"
          aria-label={labels.open}
        >
          <IconExternalLink size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={labels.qr}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={qr.open}
          aria-label={labels.qrName ?? labels.qr}
        >
          <IconQrcode size={16} />
        </ActionIcon>
      </Tooltip>
      <QrCodeDialog
        opened={qrOpened}
        onClose={qr.close}
        url={link}
        fileName={qrFileName}
        {...(qrTitle === undefined ? {} : { title: qrTitle })}
      />
    </Group>
  );
}
