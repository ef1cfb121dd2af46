import { notifications } from '@mantine/notifications';
import type {
  StorageConfigItem,
  StorageUsageFigures,
} from '@pastebox/contract/schemas/storage-config';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { configDisplayName } from '@/lib/storage-display-name';
import { formatBytes } from '@/lib/uploader/format';
import { useReconcileStorageUsage } from '@/features/admin/api/reconcile-storage-usage';

/**
 * The notification after a recount: the new figure as the storage list shows it (used +
 * reserved, DESIGN §5), so it and the card agree; the reserved part is named when uploads
 * hold some.
 */
export function recountedMessage(t: TFunction, name: string, figures: StorageUsageFigures): string {
  const used = formatBytes(figures.used_bytes + figures.reserved_bytes);
  const total = figures.total_storage_bytes;
  const usage =
    total === null
      ? t('storage.recountedUnlimited', { name, used })
      : t('storage.recountedOf', { name, used, total: formatBytes(total) });
  return figures.reserved_bytes > 0
    ? t('storage.recountedInFlight', { usage, reserved: formatBytes(figures.reserved_bytes) })
    : usage;
}

/**
 * "Recount usage" of the storage list. A recount lists the whole storage and can take a
 * while, so several may run at once: each is tracked by its config id (one shared
 * `testingId` would lose the first spinner), and each answers through its own promise
 * (`mutate` callbacks fire only for the latest call of a mutation). The notification is
 * one message, no title: Mantine draws a titled notification's text in gray-6 (3.3:1 on
 * white, below WCAG AA), and its close button gets a name.
 */
export function useRecountStorage() {
  const { t } = useTranslation();
  const reconcile = useReconcileStorageUsage();
  const [recountingIds, setRecountingIds] = useState<ReadonlySet<string>>(() => new Set());

  const recount = (config: StorageConfigItem) => {
    if (recountingIds.has(config.id)) {
      return;
    }
    const name = configDisplayName(t, config);
    const closeButtonProps = { 'aria-label': t('common.close') };
    setRecountingIds((ids) => new Set(ids).add(config.id));
    void reconcile
      .mutateAsync(config.id)
      .then(
        (figures) =>
          notifications.show({
            color: 'green',
            message: recountedMessage(t, name, figures),
            closeButtonProps,
          }),
        (error: unknown) =>
          notifications.show({
            color: 'red',
            message: t('storage.recountFailed', { name, reason: errorMessage(t, error) }),
            closeButtonProps,
          }),
      )
      .finally(() =>
        setRecountingIds((ids) => {
          const next = new Set(ids);
          next.delete(config.id);
          return next;
        }),
      );
  };

  return { recountingIds, recount };
}
