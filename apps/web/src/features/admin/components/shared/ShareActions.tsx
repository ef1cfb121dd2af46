import { Group } from '@mantine/core';
import { IconEye, IconQrcode } from '@tabler/icons-react';
import { CopyIconButton } from '@/components/CopyButton';
import {
  DeleteAction,
  EditAction,
  IconAction,
} from '@/features/admin/components/shared/IconAction';

/** A button of the group: its accessible name (naming the share) and what it does. */
interface ShareAction {
  label: string;
  onClick: () => void;
}

/** What one share's action group does; every label already names the share it acts on. */
export interface ShareActionsSpec {
  /** Preview or view the share, with its tooltip. */
  open: ShareAction & { tooltip: string };
  /** The public address the link button copies. */
  link: { url: string; label: string };
  qr: ShareAction & { tooltip: string };
  edit: ShareAction;
  remove: ShareAction;
}

/** Open, copy link, QR, edit and delete of one share (a file or a paste), in that order. */
export function ShareActions({ open, link, qr, edit, remove }: ShareActionsSpec) {
  return (
    <Group gap={2} justify="flex-end" wrap="nowrap">
      <IconAction
        tooltip={open.tooltip}
        label={open.label}
        icon={<IconEye size={18} />}
        onClick={open.onClick}
      />
      <CopyIconButton text={link.url} label={link.label} />
      <IconAction
        tooltip={qr.tooltip}
        label={qr.label}
        icon={<IconQrcode size={18} />}
        onClick={qr.onClick}
      />
      <EditAction label={edit.label} onClick={edit.onClick} />
      <DeleteAction label={remove.label} onClick={remove.onClick} />
    </Group>
  );
}
