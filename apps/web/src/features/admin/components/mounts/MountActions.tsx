import { Group } from '@mantine/core';
import type { MountItem } from '@pastebox/contract/schemas/mount';
import { useTranslation } from 'react-i18next';
import { DeleteAction, EditAction } from '@/features/admin/components/shared/IconAction';

/** What the admin can do to one mount (SPEC §6: a key user manages none). */
export interface MountActionHandlers {
  onEdit: (mount: MountItem) => void;
  onDelete: (mount: MountItem) => void;
  onToggle: (mount: MountItem, active: boolean) => void;
  /** The mount whose status is being saved, if any. */
  togglingId: string | null;
}

/** Edit and delete of one mount, each named after it. */
export function MountActions({
  mount,
  onEdit,
  onDelete,
}: Pick<MountActionHandlers, 'onEdit' | 'onDelete'> & { mount: MountItem }) {
  const { t } = useTranslation();
  const name = { name: mount.name };
  return (
    <Group gap={2} justify="flex-end" wrap="nowrap">
      <EditAction label={t('mounts.editMount', name)} onClick={() => onEdit(mount)} />
      <DeleteAction label={t('mounts.deleteMount', name)} onClick={() => onDelete(mount)} />
    </Group>
  );
}
