import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maskSecret } from '@/features/admin/utils/format';

/** A key masked by default, with reveal and copy buttons. */
export function KeyValue({ value, name }: { value: string; name: string }) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  if (!value) {
    // Sealed under an earlier SECRET: it still works but can no longer be shown.
    return <Code c="dimmed">{t('keys.unavailable')}</Code>;
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Code style={{ whiteSpace: 'nowrap' }}>{revealed ? value : maskSecret(value)}</Code>
      <Tooltip label={revealed ? t('keys.hideKey') : t('keys.revealKey')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t(revealed ? 'keys.hideKeyOf' : 'keys.revealKeyOf', { name })}
          aria-pressed={revealed}
          onClick={() => setRevealed((shown) => !shown)}
        >
          {revealed ? <IconEyeOff size={15} /> : <IconEye size={15} />}
        </ActionIcon>
      </Tooltip>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('common.copied') : t('keys.copyKey')}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              aria-label={t('keys.copyKeyOf', { name })}
              onClick={copy}
            >
              {copied ? <IconCheck size={15} /> : <IconCopy size={15} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
