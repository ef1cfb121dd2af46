import { Box, Button, Group, TextInput } from '@mantine/core';
import { IconFolderSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderPicker, type FolderPickerProps } from '@/components/FolderPicker';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

interface BasicPathInputProps {
  label: string;
  description: string;
  value: string;
  error: string | undefined;
  onChange: (path: string) => void;
  /** A folder asked for rather than a base path (a file request's target): required, and
   * the chooser says so in its own words and may refuse a folder. */
  required?: boolean;
  placeholder?: string;
  picker?: Pick<FolderPickerProps, 'title' | 'confirmLabel' | 'refusal' | 'allowCreate'>;
}

/**
 * A base path (SPEC §2, a key's; issue 32, a member's too) or any mount folder (issue 33, a
 * file request's target): typed, or chosen in the mount folders with the chooser beside it.
 */
export function BasicPathInput({
  label,
  description,
  value,
  error,
  onChange,
  required = false,
  placeholder = '/',
  picker,
}: BasicPathInputProps) {
  const { t } = useTranslation();
  const [choosing, setChoosing] = useState(false);
  return (
    <>
      <TextInput
        label={label}
        description={description}
        placeholder={placeholder}
        withAsterisk={required}
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
        initialPath={value || '/'}
        confirmLabel={t('folderPicker.useAsBasicPath')}
        allowCreate={false}
        {...picker}
      />
    </>
  );
}
