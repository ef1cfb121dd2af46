import {
  Box,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFolderSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderPicker } from '@/components/FolderPicker';
import { useAuth } from '@/lib/auth/use-auth';
import { useCan } from '@/lib/auth/use-can';
import { configDisplayName } from '@/lib/storage-display-name';
import { useStorageConfigs } from '@/features/admin/api/get-storage-configs';
import type { RequestFieldsProps } from './form-props';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/**
 * Where received files go: private file shares in a storage config (the admin picks one;
 * others get the default), or a folder of a mount the owner may write (chosen in the
 * mount folders, as a key's base path is).
 */
export function RequestTargetFields({ values, onChange, errorOf }: RequestFieldsProps) {
  const { t } = useTranslation();
  const isAdmin = useAuth().authType === 'admin';
  const mayMount = useCan('mount');
  const configs = useStorageConfigs(isAdmin);
  const [choosing, setChoosing] = useState(false);
  const defaultId = configs.data?.find((config) => config.is_default)?.id ?? '';
  const unset = values.storageConfigId === '';
  useEffect(() => {
    // The default config arrives after the form opens: preselect it, unless one is chosen.
    if (unset && defaultId) {
      onChange('storageConfigId', defaultId);
    }
  }, [unset, defaultId, onChange]);
  const storageData = (configs.data ?? []).map((config) => ({
    value: config.id,
    label: configDisplayName(t, config),
  }));
  return (
    <Stack gap="sm">
      {mayMount && (
        <SegmentedControl
          aria-label={t('fileRequests.form.target')}
          value={values.targetType}
          onChange={(type) => onChange('targetType', type as typeof values.targetType)}
          data={[
            { value: 'storage', label: t('fileRequests.form.targetStorage') },
            { value: 'mount', label: t('fileRequests.form.targetMount') },
          ]}
        />
      )}
      {values.targetType === 'storage' ? (
        isAdmin ? (
          <Select
            label={t('fileRequests.form.storage')}
            description={t('fileRequests.form.storageHint')}
            placeholder={configs.isPending ? t('common.loading') : undefined}
            data={storageData}
            value={values.storageConfigId || null}
            allowDeselect={false}
            onChange={(id) => onChange('storageConfigId', id ?? '')}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('fileRequests.form.storageDefault')}
          </Text>
        )
      ) : (
        <>
          <TextInput
            label={t('fileRequests.form.folder')}
            description={t('fileRequests.form.folderHint')}
            placeholder="/team/inbox"
            withAsterisk
            value={values.mountPath}
            error={errorOf('mountPath')}
            onChange={(event) => onChange('mountPath', event.currentTarget.value)}
            styles={MONOSPACE}
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
            onPick={(path) => onChange('mountPath', path)}
            title={t('fileRequests.form.folderPickerTitle')}
            initialPath={values.mountPath || '/'}
            confirmLabel={t('fileRequests.form.folderPickerConfirm')}
            refusal={(_path, folder) =>
              folder.isVirtual ? t('fileRequests.form.folderNotInMount') : null
            }
          />
        </>
      )}
    </Stack>
  );
}
