import { NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { LIMITS } from '@pastebox/contract/limits';
import { reservedMountPathsText } from '@pastebox/contract/rules/mount-path';
import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { useTranslation } from 'react-i18next';
import { configDisplayName } from '@/lib/storage-display-name';
import { CACHE_TTL_PLACEHOLDER, type MountFormErrors, type MountFormValues } from './mount-form';

interface MountFormFieldsProps {
  values: MountFormValues;
  errors: MountFormErrors;
  onChange: <K extends keyof MountFormValues>(key: K, value: MountFormValues[K]) => void;
  configs: StorageConfigItem[];
  configsLoading: boolean;
}

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** The inputs of a mount: name, path, storage, ordering, cache, remark, active. */
export function MountFormFields({
  values,
  errors,
  onChange,
  configs,
  configsLoading,
}: MountFormFieldsProps) {
  const { t } = useTranslation();
  const error = (key: keyof MountFormValues) =>
    errors[key]
      ? t(errors[key] as 'common.error', {
          max: LIMITS.cacheTtlMaxSeconds,
          maxLength: LIMITS.mountNameMaxLength,
          paths: reservedMountPathsText(),
        })
      : undefined;
  const storageData = configs.map((config) => {
    const provider = t(`storage.providers.${config.provider_type}`);
    const name = configDisplayName(t, config);
    return { value: config.id, label: name === provider ? name : `${name} · ${provider}` };
  });

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('mounts.form.name')}
          placeholder={t('mounts.form.namePlaceholder')}
          withAsterisk
          data-autofocus
          maxLength={LIMITS.mountNameMaxLength}
          value={values.name}
          error={error('name')}
          onChange={(event) => onChange('name', event.currentTarget.value)}
        />
        <TextInput
          label={t('mounts.form.mountPath')}
          description={t('mounts.form.mountPathHint')}
          placeholder="/photos"
          withAsterisk
          autoComplete="off"
          spellCheck={false}
          value={values.mountPath}
          error={error('mountPath')}
          onChange={(event) => onChange('mountPath', event.currentTarget.value)}
          styles={MONOSPACE}
        />
      </SimpleGrid>
      <Select
        label={t('mounts.form.storage')}
        description={t('mounts.form.storageHint')}
        placeholder={configsLoading ? t('common.loading') : t('mounts.form.storagePlaceholder')}
        withAsterisk
        data={storageData}
        value={values.storageConfigId || null}
        error={error('storageConfigId')}
        allowDeselect={false}
        nothingFoundMessage={t('mounts.form.noStorage')}
        onChange={(value) => onChange('storageConfigId', value ?? '')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label={t('mounts.form.sortOrder')}
          description={t('mounts.form.sortOrderHint')}
          allowDecimal={false}
          value={values.sortOrder}
          error={error('sortOrder')}
          onChange={(value) => onChange('sortOrder', value)}
        />
        <NumberInput
          label={t('mounts.form.cacheTtl')}
          description={t('mounts.form.cacheTtlHint')}
          placeholder={String(CACHE_TTL_PLACEHOLDER)}
          min={0}
          max={LIMITS.cacheTtlMaxSeconds}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          suffix={` ${t('mounts.seconds')}`}
          value={values.cacheTtl}
          error={error('cacheTtl')}
          onChange={(value) => onChange('cacheTtl', value)}
        />
      </SimpleGrid>
      <Textarea
        label={t('mounts.form.remark')}
        placeholder={t('common.optional')}
        autosize
        minRows={2}
        maxRows={5}
        maxLength={LIMITS.remarkMaxLength}
        value={values.remark}
        onChange={(event) => onChange('remark', event.currentTarget.value)}
      />
      <Switch
        label={t('mounts.form.isActive')}
        description={t('mounts.form.isActiveHint')}
        checked={values.isActive}
        onChange={(event) => onChange('isActive', event.currentTarget.checked)}
      />
    </Stack>
  );
}
