import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '@/features/admin/components/shared/IconAction';
import { deleteBlockedReason } from './delete-blocked-reason';

interface StorageDeleteActionProps {
  config: StorageConfigItem;
  /** The accessible name: "Delete <config>". */
  label: string;
  onDelete: () => void;
}

/**
 * The bin of a config row, or — for the default or a config in use — the same bin shown
 * disabled with the reason in its tooltip. It stays focusable (`data-disabled`, not
 * `disabled`, as Mantine advises for a tooltip on a disabled button: a disabled button gets
 * no hover or focus), so the tooltip opens on hover and on keyboard focus, and the reason is
 * its accessible description for screen readers.
 */
export function StorageDeleteAction({ config, label, onDelete }: StorageDeleteActionProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const reason = deleteBlockedReason(t, config);
  if (reason === null) {
    return <DeleteAction label={label} onClick={onDelete} />;
  }
  return (
    <>
      <Tooltip
        label={reason}
        events={{ hover: true, focus: true, touch: true }}
        multiline
        maw={260}
      >
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={label}
          aria-disabled
          aria-describedby={reasonId}
          data-disabled
          onClick={(event) => event.preventDefault()}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
    </>
  );
}
