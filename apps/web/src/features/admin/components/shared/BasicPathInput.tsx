import { Box, Button, Group, TextInput } from '@mantine/core';
import { IconFolderSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderPicker } from '@/components/FolderPicker';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

interface BasicPathInputProps {
  label: string;
  description: string;
  value: string;
  error: string | undefined;
  onChange: (path: string) => void;
}

/**
 * A base path (SPEC §2, a key's; issue 32, a member's too): typed, or chosen in the mount
 * folders with the chooser beside the input.
 */
export function BasicPathInput({
  label,
  description,
  value,
  error,
  onChange,
}: BasicPathInputProps) {
  const { t } = useTranslation();
  const [choosing, setChoosing] = useState(false);
  return (
    <>
      <TextInput
        label={label}
        description={description}
        placeholder="/"
        value={value}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
        styles={MONOSPACE}
        // Beside the input, not inside it: a right section has a fixed width, which
        // clipped the label ("Choose") in some fonts and languages.
        inputContainer={(input) => (
          <Group gap="xs" wrap="nowrap" align="center">
            <Box flex={1} miw={0}>
              {input}
            </Box>
            <Button
              variant="default"
              leftSection={<IconFolderSearch size={16} />}
              onClick={() => setChoosing(true)}
              style={{ flexShrink: 0 }}
            >
              {t('folderPicker.chooseShort')}
            </Button>
          </Group>
        )}
      />
      <FolderPicker
        opened={choosing}
        onClose={() => setChoosing(false)}
        onPick={onChange}
        title={t('folderPicker.basicPathTitle')}
        initialPath={value}
        confirmLabel={t('folderPicker.useAsBasicPath')}
        allowCreate={false}
      />
    </>
  );
}
