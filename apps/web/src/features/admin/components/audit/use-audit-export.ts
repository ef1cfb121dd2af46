import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { exportAuditCsv } from './api/export-audit';
import type { AuditFilters } from './api/get-audit';

/** "Export CSV": preparing while the server streams the file, a message if it cannot. */
export function useAuditExport() {
  const { t } = useTranslation();
  const [preparing, setPreparing] = useState(false);
  const start = (filters: AuditFilters) => {
    setPreparing(true);
    exportAuditCsv(filters)
      .catch((error: unknown) =>
        notifications.show({
          color: 'red',
          title: t('audit.exportFailed'),
          message: errorMessage(t, error),
        }),
      )
      .finally(() => setPreparing(false));
  };
  return { preparing, start };
}
