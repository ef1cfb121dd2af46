import { Group } from '@mantine/core';
import type { AccountItem } from '@pastebox/contract/schemas/account';
import { useTranslation } from 'react-i18next';
import { DeleteAction, EditAction } from '@/features/admin/components/shared/IconAction';

export interface AccountActionHandlers {
  onEdit: (item: AccountItem) => void;
  onDelete: (item: AccountItem) => void;
  /** The signed-in admin's own account id: it cannot delete itself. */
  selfId: string | undefined;
}

/** Edit and delete buttons of one account, named after it (no delete on your own). */
export function AccountActions({
  item,
  onEdit,
  onDelete,
  selfId,
}: AccountActionHandlers & { item: AccountItem }) {
  const { t } = useTranslation();
  const name = { name: item.username };
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <EditAction label={t('accounts.editAccount', name)} onClick={() => onEdit(item)} />
      {item.id !== selfId && (
        <DeleteAction label={t('accounts.deleteAccount', name)} onClick={() => onDelete(item)} />
      )}
    </Group>
  );
}
