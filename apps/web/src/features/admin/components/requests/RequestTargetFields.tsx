import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth/use-auth';
import { useCan } from '@/lib/auth/use-can';
import { configDisplayName } from '@/lib/storage-display-name';
import { useStorageConfigs } from '@/features/admin/api/get-storage-configs';
import { BasicPathInput } from '../shared/BasicPathInput';
import type { RequestFieldsProps } from './form-props';

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
        <BasicPathInput
          label={t('fileRequests.form.folder')}
          description={t('fileRequests.form.folderHint')}
          placeholder="/team/inbox"
          required
          value={values.mountPath}
          error={errorOf('mountPath')}
          onChange={(path) => onChange('mountPath', path)}
          picker={{
            title: t('fileRequests.form.folderPickerTitle'),
            confirmLabel: t('fileRequests.form.folderPickerConfirm'),
            allowCreate: true,
            refusal: (_path, folder) =>
              folder.isVirtual ? t('fileRequests.form.folderNotInMount') : null,
          }}
        />
      )}
    </Stack>
  );
}
