import { ActionIcon, Loader, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface StorageRecountActionProps {
  /** The config's display name, for the accessible name. */
  name: string;
  /** A recount of this config is running. */
  busy: boolean;
  onRecount: () => void;
}

/**
 * "Recount usage" of one config. While it runs the button shows a spinner and says so in
 * its name, but stays enabled for focus (`aria-disabled`, a click does nothing): Mantine's
 * `loading` disables the button, and a disabled button drops the keyboard focus for as
 * long as a listing of a big storage takes.
 */
export function StorageRecountAction({ name, busy, onRecount }: StorageRecountActionProps) {
  const { t } = useTranslation();
  return (
    <Tooltip label={busy ? t('storage.recounting') : t('storage.recount')}>
      <ActionIcon
        variant="subtle"
        aria-label={
          busy ? t('storage.recountingConfig', { name }) : t('storage.recountConfig', { name })
        }
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={() => {
          if (!busy) {
            onRecount();
          }
        }}
      >
        {busy ? <Loader size={16} aria-hidden /> : <IconRefresh size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
