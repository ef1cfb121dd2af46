import {
  NativeSelect,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import {
  SIGNATURE_EXPIRY_BOUNDS,
  type StorageProvider,
} from '@pastebox/contract/schemas/storage-config';
import { useTranslation } from 'react-i18next';
import { sizeUnitLabel } from '@/lib/uploader/format';
import {
  CAPACITY_UNITS,
  defaultPathStyle,
  fieldsFor,
  STORAGE_PROVIDERS,
  type CapacityUnit,
  type StorageFormErrors,
  type StorageFormValues,
} from './storage-form';

interface StorageFormFieldsProps {
  values: StorageFormValues;
  errors: StorageFormErrors;
  onChange: (values: StorageFormValues) => void;
  /** Editing: an existing config cannot switch between local and S3, keys blank = keep. */
  editing: boolean;
  hasStoredKeys: boolean;
}

/** Example endpoints, so the admin sees the shape each provider expects. */
const ENDPOINT_EXAMPLES: Partial<Record<StorageProvider, string>> = {
  aws: 'https://s3.eu-west-1.amazonaws.com',
  r2: 'https://<account-id>.r2.cloudflarestorage.com',
  b2: 'https://s3.us-west-004.backblazeb2.com',
  minio: 'http://127.0.0.1:9000',
  aliyun: 'https://oss-cn-hangzhou.aliyuncs.com',
  other: 'https://s3.example.com',
};

/** The inputs of a storage config, shown according to the provider. */
export function StorageFormFields({
  values,
  errors,
  onChange,
  editing,
  hasStoredKeys,
}: StorageFormFieldsProps) {
  const { t } = useTranslation();
  const fields = fieldsFor(values.provider);
  const set = <K extends keyof StorageFormValues>(key: K, value: StorageFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const errorText = (key: keyof StorageFormValues) => {
    const messageKey = errors[key];
    return messageKey
      ? t(messageKey as 'common.error', {
          min: SIGNATURE_EXPIRY_BOUNDS.min,
          max: SIGNATURE_EXPIRY_BOUNDS.max,
        })
      : undefined;
  };
  const providers = STORAGE_PROVIDERS.filter(
    (provider) => !editing || (provider === 'local') === (values.provider === 'local'),
  );
  const changeProvider = (provider: StorageProvider) =>
    onChange({ ...values, provider, pathStyle: defaultPathStyle(provider) });
  const keepHint = editing && hasStoredKeys ? t('storage.form.keepSecretHint') : undefined;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('storage.form.name')}
          withAsterisk
          data-autofocus
          value={values.name}
          error={errorText('name')}
          onChange={(event) => set('name', event.currentTarget.value)}
        />
        <Select
          label={t('storage.form.provider')}
          data={providers.map((provider) => ({
            value: provider,
            label: t(`storage.providers.${provider}`),
          }))}
          value={values.provider}
          allowDeselect={false}
          onChange={(value) => value && changeProvider(value as StorageProvider)}
        />
      </SimpleGrid>
      {fields.endpoint && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('storage.form.endpoint')}
            description={fields.endpointRequired ? undefined : t('storage.form.endpointAwsHint')}
            placeholder={ENDPOINT_EXAMPLES[values.provider]}
            withAsterisk={fields.endpointRequired}
            value={values.endpoint}
            error={errorText('endpoint')}
            onChange={(event) => set('endpoint', event.currentTarget.value)}
          />
          <TextInput
            label={t('storage.form.region')}
            description={t('storage.form.regionHint')}
            placeholder={values.provider === 'r2' ? 'auto' : 'us-east-1'}
            value={values.region}
            onChange={(event) => set('region', event.currentTarget.value)}
          />
          <TextInput
            label={t('storage.form.bucket')}
            withAsterisk
            value={values.bucket}
            error={errorText('bucket')}
            onChange={(event) => set('bucket', event.currentTarget.value)}
          />
          <Switch
            mt={{ base: 0, sm: 30 }}
            label={t('storage.form.pathStyle')}
            description={t('storage.form.pathStyleHint')}
            checked={values.pathStyle}
            onChange={(event) => set('pathStyle', event.currentTarget.checked)}
          />
          <TextInput
            label={t('storage.form.accessKeyId')}
            withAsterisk={!keepHint}
            description={keepHint}
            autoComplete="off"
            value={values.accessKeyId}
            error={errorText('accessKeyId')}
            onChange={(event) => set('accessKeyId', event.currentTarget.value)}
          />
          <PasswordInput
            label={t('storage.form.secretAccessKey')}
            withAsterisk={!keepHint}
            description={keepHint}
            autoComplete="new-password"
            value={values.secretAccessKey}
            error={errorText('secretAccessKey')}
            onChange={(event) => set('secretAccessKey', event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': t('storage.form.toggleSecret') }}
          />
        </SimpleGrid>
      )}
      {fields.rootPath && (
        <TextInput
          label={t('storage.form.rootPath')}
          description={t('storage.form.rootPathHint')}
          placeholder="storage/local"
          value={values.rootPath}
          onChange={(event) => set('rootPath', event.currentTarget.value)}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('storage.form.defaultFolder')}
          description={t('storage.form.defaultFolderHint')}
          placeholder="pastebox/"
          value={values.defaultFolder}
          onChange={(event) => set('defaultFolder', event.currentTarget.value)}
        />
        {fields.customHost && (
          <TextInput
            label={t('storage.form.customHost')}
            description={t('storage.form.customHostHint')}
            placeholder="https://cdn.example.com"
            value={values.customHost}
            error={errorText('customHost')}
            onChange={(event) => set('customHost', event.currentTarget.value)}
          />
        )}
        <NumberInput
          // Local storage has no S3 presigning: its upload and download links are signed by
          // this server (storage/local-signing.ts), and this is their lifetime.
          label={t(fields.rootPath ? 'storage.form.localLifetime' : 'storage.form.lifetime')}
          description={t(
            fields.rootPath ? 'storage.form.localLifetimeHint' : 'storage.form.lifetimeHint',
          )}
          min={SIGNATURE_EXPIRY_BOUNDS.min}
          max={SIGNATURE_EXPIRY_BOUNDS.max}
          allowDecimal={false}
          allowNegative={false}
          value={values.signatureExpiresIn}
          error={errorText('signatureExpiresIn')}
          onChange={(value) => set('signatureExpiresIn', value)}
        />
        <NumberInput
          label={t('storage.form.capacity')}
          description={t('storage.form.capacityHint')}
          placeholder={t('common.unlimited')}
          min={0}
          decimalScale={2}
          hideControls
          allowNegative={false}
          value={values.capacity}
          error={errorText('capacity')}
          onChange={(value) => set('capacity', value)}
          rightSectionWidth={76}
          rightSection={
            <NativeSelect
              aria-label={t('storage.form.capacityUnit')}
              data={CAPACITY_UNITS.map((value) => ({ value, label: sizeUnitLabel(value) }))}
              value={values.capacityUnit}
              onChange={(event) => set('capacityUnit', event.currentTarget.value as CapacityUnit)}
              variant="unstyled"
              styles={{ input: { fontWeight: 500, paddingInline: 8 } }}
            />
          }
        />
      </SimpleGrid>
    </Stack>
  );
}
