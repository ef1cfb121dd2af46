import { Group } from '@mantine/core';
import { IconEye, IconLinkOff, IconQrcode } from '@tabler/icons-react';
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
  /**
   * The public address the link button copies; or, for a share whose link opens for its
   * owner only (a private file), what the button does instead of handing it out.
   */
  link: { url: string; label: string } | (ShareAction & { tooltip: string });
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
      {'url' in link ? (
        <CopyIconButton text={link.url} label={link.label} />
      ) : (
        <IconAction
          tooltip={link.tooltip}
          label={link.label}
          icon={<IconLinkOff size={18} />}
          onClick={link.onClick}
        />
      )}
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
