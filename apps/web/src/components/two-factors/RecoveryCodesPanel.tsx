import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '@/components/CopyButton';

interface RecoveryCodesPanelProps {
  codes: string[];
  /** Whose codes, for the downloaded file's heading. */
  username: string;
  /** The button's words: "Continue" at sign-in, "Done" on the Account page. */
  doneLabel: string;
  onDone: () => void;
}

/**
 * Recovery codes, shown once (the server keeps only their hashes): copy or download them,
 * then say they are saved before going on — closing this loses them for good.
 */
export function RecoveryCodesPanel({
  codes,
  username,
  doneLabel,
  onDone,
}: RecoveryCodesPanelProps) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const text = codes.join('\n');
  const file = `${t('twoFactors.recovery.fileHeading', { name: username })}\n\n${text}\n`;
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconShieldCheck size={18} />}>
        <Text size="sm" fw={600}>
          {t('twoFactors.recovery.title')}
        </Text>
        <Text size="sm">{t('twoFactors.recovery.hint')}</Text>
      </Alert>
      <SimpleGrid
        component="ul"
        cols={2}
        spacing="xs"
        verticalSpacing={4}
        p={0}
        m={0}
        aria-label={t('twoFactors.recovery.listLabel')}
        style={{ listStyle: 'none' }}
      >
        {codes.map((code) => (
          <Text component="li" key={code} ff="monospace" size="sm" ta="center">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyTextButton text={text} size="sm">
          {t('twoFactors.recovery.copy')}
        </CopyTextButton>
        <Button
          component="a"
          variant="default"
          size="sm"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download="pastebox-recovery-codes.txt"
          leftSection={<IconDownload size={16} />}
        >
          {t('twoFactors.recovery.download')}
        </Button>
      </Group>
      <Checkbox
        label={t('twoFactors.recovery.saved')}
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button disabled={!saved} onClick={onDone}>
          {doneLabel}
        </Button>
      </Group>
    </Stack>
  );
}
