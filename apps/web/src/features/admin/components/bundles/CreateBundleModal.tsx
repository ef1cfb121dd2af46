import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { BundleDetail } from '@pastebox/contract/schemas/bundle';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BundleLink } from '@/components/bundles/BundleLink';
import { BundleOptionsFields, bundleOptionsValid } from '@/components/bundles/BundleOptionsFields';
import { AppError } from '@/lib/api-client';
import {
  DEFAULT_BUNDLE_OPTIONS,
  toCreateBundleBody,
  type BundleOptions,
} from '@/lib/bundles/bundle-options';
import { useCreateBundle } from '@/lib/bundles/create-bundle';
import { errorMessage } from '@/lib/error-message';

const SLUG_ERRORS = new Set(['SLUG_TAKEN', 'SLUG_INVALID', 'SLUG_RESERVED']);

/**
 * Selected files a bundle leaves out. Each end-to-end encrypted file was sealed under a key
 * of its own, which only its own link holds: one bundle link could open none of them (an
 * encrypted bundle is made on the upload page, its files under one key).
 */
export interface BundleSkipped {
  uploading: number;
  encrypted: number;
}

interface CreateBundleFormProps {
  fileIds: string[];
  /** Selected files left out: still uploading, or end-to-end encrypted under keys of their own. */
  skipped: BundleSkipped;
  onCreated: () => void;
  onClose: () => void;
}

/** The form, then the new bundle's link: one fresh instance each time the dialog opens. */
function CreateBundleForm({ fileIds, skipped, onCreated, onClose }: CreateBundleFormProps) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<BundleOptions>(DEFAULT_BUNDLE_OPTIONS);
  const [created, setCreated] = useState<BundleDetail | null>(null);
  const create = useCreateBundle();
  const error = create.error;
  const slugRefused = error instanceof AppError && error.key !== null && SLUG_ERRORS.has(error.key);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!bundleOptionsValid(options) || fileIds.length === 0) {
      return;
    }
    create.mutate(toCreateBundleBody(fileIds, options), {
      onSuccess: (bundle) => {
        setCreated(bundle);
        onCreated();
      },
    });
  };

  if (created) {
    return (
      <Stack gap="md">
        <BundleLink
          slug={created.slug}
          title={created.title}
          fileCount={created.file_count}
          totalSize={created.total_size}
        />
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('bundles.create.done')}</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t('bundles.create.title')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('bundles.create.intro', { count: fileIds.length })}
          {skipped.uploading > 0 && ` ${t('bundles.create.skipped', { count: skipped.uploading })}`}
          {skipped.encrypted > 0 &&
            ` ${t('bundles.create.skippedEncrypted', { count: skipped.encrypted })}`}
        </Text>
        <BundleOptionsFields
          value={options}
          onChange={(patch) => setOptions((old) => ({ ...old, ...patch }))}
          slugError={slugRefused ? errorMessage(t, error) : null}
          disabled={create.isPending}
          autoFocus
        />
        {error && !slugRefused && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(t, error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={fileIds.length === 0}>
            {t('bundles.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface CreateBundleModalProps {
  /** The files to bundle, in order; the dialog is closed while null. */
  fileIds: string[] | null;
  skipped: BundleSkipped;
  onCreated: () => void;
  onClose: () => void;
}

/** File management → select → "Bundle" (issue 33): one link for the selected files. */
export function CreateBundleModal({
  fileIds,
  skipped,
  onCreated,
  onClose,
}: CreateBundleModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={fileIds !== null} onClose={onClose} title={t('bundles.create.title')} size="lg">
      {fileIds && (
        <CreateBundleForm
          fileIds={fileIds}
          skipped={skipped}
          onCreated={onCreated}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
