import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface IconActionProps {
  /** The tooltip: what the button does. */
  tooltip: string;
  /** The accessible name: what it does to which item ("Delete abc123"). */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  loading?: boolean;
}

/** One icon button of a row's action group, with its tooltip. */
export function IconAction({ tooltip, label, icon, onClick, color, loading }: IconActionProps) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={label}
        loading={loading}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** The pencil of a row: opens its edit dialog. */
export function EditAction({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <IconAction
      tooltip={t('common.edit')}
      label={label}
      icon={<IconPencil size={18} />}
      onClick={onClick}
    />
  );
}

/** The red bin of a row: asks to delete it. */
export function DeleteAction({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <IconAction
      tooltip={t('common.delete')}
      label={label}
      icon={<IconTrash size={18} />}
      color="red"
      onClick={onClick}
    />
  );
}
