import { Alert, Button, Group, Loader, NativeSelect, NumberInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  MAX_UPLOAD_SIZE_CEILING_BYTES,
  SIZE_UNITS,
  UNIT_BYTES,
  WEBDAV_UPLOAD_MODES,
  type SizeUnit,
  type SystemSettings,
  type WebdavUploadMode,
} from '@pastebox/contract/schemas/system-settings';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { sizeUnitLabel } from '@/lib/uploader/format';
import { useSystemSettings } from '@/features/admin/api/get-system-settings';
import { useUpdateSystemSettings } from '@/features/admin/api/update-system-settings';

type SizeProblem = 'settings.system.sizeRequired' | 'settings.system.sizeTooLarge';

/** SPEC §5: the size must be greater than 0; the server also caps it at 1 TB. */
export function validateMaxUploadSize(size: number | string, unit: SizeUnit): SizeProblem | null {
  const value = typeof size === 'number' ? size : Number(size);
  if (size === '' || !Number.isFinite(value) || Math.round(value * UNIT_BYTES[unit]) < 1) {
    return 'settings.system.sizeRequired';
  }
  return value * UNIT_BYTES[unit] > MAX_UPLOAD_SIZE_CEILING_BYTES
    ? 'settings.system.sizeTooLarge'
    : null;
}

/** The "System" card of the settings module: max upload size and WebDAV upload mode. */
export function SystemSettingsForm() {
  const { t } = useTranslation();
  const settings = useSystemSettings();
  if (settings.isPending) {
    return <Loader size="sm" aria-label={t('common.loading')} />;
  }
  if (settings.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {errorMessage(t, settings.error)}
      </Alert>
    );
  }
  return <SystemSettingsFields saved={settings.data} />;
}

function SystemSettingsFields({ saved }: { saved: SystemSettings }) {
  const { t } = useTranslation();
  const update = useUpdateSystemSettings();
  const [size, setSize] = useState<number | string>(saved.max_upload_size);
  const [unit, setUnit] = useState<SizeUnit>(saved.max_upload_size_unit);
  const [mode, setMode] = useState<WebdavUploadMode>(saved.webdav_upload_mode);
  const [problem, setProblem] = useState<SizeProblem | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateMaxUploadSize(size, unit);
    setProblem(found);
    if (found) {
      return;
    }
    const body = { max_upload_size: Number(size), max_upload_size_unit: unit };
    update.mutate(
      { ...body, webdav_upload_mode: mode },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: t('settings.system.saved') }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NumberInput
          label={t('settings.system.maxUploadSize')}
          description={t('settings.system.maxUploadSizeHint')}
          withAsterisk
          min={0}
          decimalScale={4}
          hideControls
          allowNegative={false}
          value={size}
          error={problem ? t(problem) : undefined}
          onChange={setSize}
          rightSectionWidth={76}
          rightSection={
            <NativeSelect
              aria-label={t('settings.system.unit')}
              data={SIZE_UNITS.map((value) => ({ value, label: sizeUnitLabel(value) }))}
              value={unit}
              onChange={(event) => setUnit(event.currentTarget.value as SizeUnit)}
              variant="unstyled"
              styles={{ input: { fontWeight: 500, paddingInline: 8 } }}
            />
          }
        />
        <NativeSelect
          label={t('settings.system.webdavMode')}
          description={t('settings.system.webdavModeHint')}
          data={WEBDAV_UPLOAD_MODES.map((value) => ({
            value,
            label: t(`settings.system.modes.${value}`),
          }))}
          value={mode}
          onChange={(event) => setMode(event.currentTarget.value as WebdavUploadMode)}
        />
        {update.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(t, update.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('settings.system.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
