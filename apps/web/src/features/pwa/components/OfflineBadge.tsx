import { Badge, Box, Tooltip } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/use-online';

/** SPEC §2 offline badge: in the header while the browser has no network. */
export function OfflineBadge() {
  const { t } = useTranslation();
  if (useOnline()) {
    return null;
  }
  return (
    <Tooltip label={t('pwa.offline.tooltip')} multiline w={220}>
      <Badge
        color="orange"
        variant="light"
        size="lg"
        role="status"
        aria-label={t('pwa.offline.badge')}
        leftSection={<IconWifiOff size={14} stroke={1.8} aria-hidden />}
        style={{ flexShrink: 0 }}
      >
        {/* Phones show the icon alone: the header has no room to spare there. */}
        <Box component="span" visibleFrom="xs">
          {t('pwa.offline.badge')}
        </Box>
      </Badge>
    </Tooltip>
  );
}
