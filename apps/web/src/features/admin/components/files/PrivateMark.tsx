import { Badge, Button, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A private file's mark (issue 33): a "Private" badge saying who may open its link, and
 * the one-step "Share it" that opens the link to everyone.
 */
export function PrivateMark({
  file,
  onShare,
}: {
  file: FileShare;
  onShare: (file: FileShare) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip
        label={t('privateShares.badgeTooltip')}
        multiline
        w={240}
        events={{ hover: true, focus: true, touch: true }}
        withinPortal
      >
        <Badge
          size="sm"
          variant="light"
          color="grape"
          tabIndex={0}
          style={{ flexShrink: 0, cursor: 'help' }}
        >
          {t('privateShares.badge')}
          {/* The tooltip's words, for a screen reader that does not show tooltips. */}
          <VisuallyHidden>: {t('privateShares.badgeTooltip')}</VisuallyHidden>
        </Badge>
      </Tooltip>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconLockOpen size={12} />}
        onClick={() => onShare(file)}
        aria-label={t('privateShares.shareItOf', { name: file.filename })}
      >
        {t('privateShares.shareIt')}
      </Button>
    </Group>
  );
}
