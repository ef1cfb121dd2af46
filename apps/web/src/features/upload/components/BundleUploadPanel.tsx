import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconPackage, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BundleLink } from '@/components/bundles/BundleLink';
import { BundleOptionsFields } from '@/components/bundles/BundleOptionsFields';
import { AppError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import type { UploadOptions } from '@/lib/uploader/types';
import type { BundleUpload } from '@/features/upload/hooks/use-bundle-upload';

const SLUG_ERRORS = new Set(['SLUG_TAKEN', 'SLUG_INVALID', 'SLUG_RESERVED']);

type BundleEncryption = Required<Pick<UploadOptions, 'encrypt' | 'encryptionPassword'>>;

export interface BundleUploadPanelProps {
  bundle: BundleUpload;
  /** Turning the switch is allowed (nothing uploading, no bundle made yet). */
  switchable: boolean;
  onToggle: (enabled: boolean) => void;
  /** End-to-end encryption of the bundle's files (issue 35): all of them or none. */
  encryption: BundleEncryption;
  onEncryptionChange: (patch: Partial<BundleEncryption>) => void;
}

/** The switch and optional password that seal every file of the bundle under one key. */
function BundleEncryptionFields({
  value,
  onChange,
  disabled,
}: {
  value: BundleEncryption;
  onChange: (patch: Partial<BundleEncryption>) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
      <Switch
        label={t('upload.options.encrypt')}
        description={t('bundles.upload.encryptHint')}
        checked={value.encrypt}
        onChange={(event) => onChange({ encrypt: event.currentTarget.checked })}
        disabled={disabled}
      />
      {value.encrypt && (
        <PasswordInput
          label={t('upload.options.encryptionPassword')}
          description={t('bundles.upload.encryptionPasswordHint')}
          value={value.encryptionPassword}
          onChange={(event) => onChange({ encryptionPassword: event.currentTarget.value })}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('upload.options.togglePassword') }}
          disabled={disabled}
        />
      )}
    </SimpleGrid>
  );
}

/** Where the bundle stands: waiting for the files, a failed file, creating, or refused. */
function BundleStatus({ bundle }: { bundle: BundleUpload }) {
  const { t } = useTranslation();
  const error = bundle.createError;
  if (bundle.creating) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{t('bundles.upload.creating')}</Text>
      </Group>
    );
  }
  if (bundle.settled && bundle.failedCount > 0) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        <Stack gap="xs">
          <Text size="sm">
            {t('bundles.upload.someFailed', {
              count: bundle.failedCount,
              done: bundle.uploadedCount,
            })}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              color="orange"
              disabled={bundle.uploadedCount === 0}
              onClick={bundle.leaveOutFailed}
            >
              {t('bundles.upload.leaveOut', { count: bundle.failedCount })}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (error && !(error instanceof AppError && error.key && SLUG_ERRORS.has(error.key))) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('bundles.upload.createFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(t, error)}</Text>
          {bundle.canRetry && (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} />}
              onClick={bundle.retryCreate}
            >
              {t('bundles.upload.createAgain')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (error && bundle.canRetry) {
    return (
      <Group justify="flex-end">
        <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={bundle.retryCreate}>
          {t('bundles.upload.createAgain')}
        </Button>
      </Group>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {t('bundles.upload.hint')}
    </Text>
  );
}

/**
 * "Share as one link" (issue 33): a switch once several files are listed; while on, the
 * bundle's own options, what holds it back, and its link once made.
 */
export function BundleUploadPanel(props: BundleUploadPanelProps) {
  const { bundle, switchable, onToggle, encryption, onEncryptionChange } = props;
  const { t } = useTranslation();
  const error = bundle.createError;
  const slugError =
    error instanceof AppError && error.key && SLUG_ERRORS.has(error.key)
      ? errorMessage(t, error)
      : null;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Switch
          checked={bundle.enabled}
          onChange={(event) => onToggle(event.currentTarget.checked)}
          disabled={!switchable}
          label={
            <Group gap={6} wrap="nowrap" component="span">
              <IconPackage size={16} aria-hidden />
              <span>{t('bundles.upload.switch')}</span>
            </Group>
          }
          description={t('bundles.upload.switchHint')}
        />
        {bundle.enabled &&
          (bundle.bundle ? (
            <Stack gap="xs">
              <BundleLink
                slug={bundle.bundle.slug}
                title={bundle.bundle.title}
                fileCount={bundle.bundle.file_count}
                totalSize={bundle.linkFragment ? bundle.plainSize : bundle.bundle.total_size}
                fragment={bundle.linkFragment}
              />
              <Group justify="flex-end">
                <Button variant="default" size="xs" onClick={bundle.startOver}>
                  {t('bundles.upload.startOver')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <>
              <BundleOptionsFields
                value={bundle.options}
                onChange={bundle.setOptions}
                slugError={slugError}
                disabled={bundle.creating}
              />
              <BundleEncryptionFields
                value={encryption}
                onChange={onEncryptionChange}
                disabled={bundle.creating || bundle.encryptionLocked}
              />
              <BundleStatus bundle={bundle} />
            </>
          ))}
      </Stack>
    </Paper>
  );
}
