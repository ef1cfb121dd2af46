import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/uploader/format';
import type { UploadOptions } from '@/lib/uploader/types';
import type { StorageChoice } from '@/features/upload/api/get-storage-configs';
import { useBundleUpload } from '@/features/upload/hooks/use-bundle-upload';
import { useClipboardFiles } from '@/features/upload/hooks/use-clipboard-files';
import { useUploadQueue } from '@/features/upload/hooks/use-upload-queue';
import { DEFAULT_UPLOAD_OPTIONS } from '@/features/upload/lib/upload-options';
import { BundleUploadPanel } from './BundleUploadPanel';
import { DefaultOptionsPanel } from './DefaultOptionsPanel';
import { UploadDropzone } from './UploadDropzone';
import { UploadQueue } from './UploadQueue';

export interface FilesTabProps {
  maxBytes: number;
  storageChoices: StorageChoice[] | null;
  /** The tab is shown: only then does a paste add files. */
  active: boolean;
}

/** The Files tab: drop, choose or paste files, set options, watch them upload. */
export function FilesTab({ maxBytes, storageChoices, active }: FilesTabProps) {
  const { t } = useTranslation();
  const { state, store } = useUploadQueue(storageChoices);
  const [defaults, setDefaults] = useState<UploadOptions>(DEFAULT_UPLOAD_OPTIONS);
  const bundle = useBundleUpload(state, store);
  const editable = state.items.filter(
    (item) => (item.status === 'pending' && !item.queued) || item.status === 'error',
  );
  // Issue 33: several files may go out as one link; its files are private shares, sealed
  // under the bundle's one key when the defaults say encrypt (issue 35).
  const optionsForNewFiles = bundle.enabled ? bundle.memberOptions(defaults) : defaults;
  const applyOptions = (enabled: boolean, next: UploadOptions) => {
    const options = enabled
      ? bundle.memberOptions(next)
      : { ...next, private: false, encryptionKey: undefined };
    editable.forEach((item) => store.setOptions(item.id, { ...options, slug: item.options.slug }));
  };
  const toggleBundle = (enabled: boolean) => {
    bundle.setEnabled(enabled);
    applyOptions(enabled, defaults);
  };
  /** The bundle's switch and password are the defaults' own, applied to its files. */
  const changeEncryption = (
    patch: Partial<Pick<UploadOptions, 'encrypt' | 'encryptionPassword'>>,
  ) => {
    const next = { ...defaults, ...patch };
    setDefaults(next);
    applyOptions(true, next);
  };
  const uploading = state.items.some((item) => item.status === 'uploading' || item.queued);

  /** Refuses files over the limit by name (SPEC §4 max size shown and enforced before upload). */
  const addFiles = (files: File[]): number => {
    const accepted = files.filter((file) => file.size <= maxBytes);
    for (const file of files.filter((candidate) => candidate.size > maxBytes)) {
      notifications.show({
        color: 'red',
        title: t('upload.tooLargeTitle'),
        message: t('upload.tooLarge', {
          name: file.name,
          size: formatBytes(file.size),
          max: formatBytes(maxBytes),
        }),
      });
    }
    if (accepted.length > 0) {
      store.add(accepted, optionsForNewFiles);
    }
    return accepted.length;
  };

  useClipboardFiles((files) => {
    const added = addFiles(files);
    if (added > 0) {
      notifications.show({ color: 'blue', message: t('upload.pasted', { count: added }) });
    }
  }, active);

  const applyToAll = () => {
    store.applyToAll(defaults);
    notifications.show({
      color: 'teal',
      message: t('upload.defaults.applied', { count: editable.length }),
    });
  };

  return (
    <Stack gap="md">
      <UploadDropzone onFiles={addFiles} maxBytes={maxBytes} />
      {(state.items.length > 1 || bundle.enabled) && (
        <BundleUploadPanel
          bundle={bundle}
          switchable={!uploading && bundle.bundle === null}
          onToggle={toggleBundle}
          encryption={{
            encrypt: defaults.encrypt ?? false,
            encryptionPassword: defaults.encryptionPassword ?? '',
          }}
          onEncryptionChange={changeEncryption}
        />
      )}
      {!bundle.enabled && (
        <DefaultOptionsPanel
          value={defaults}
          onChange={(patch) => setDefaults((old) => ({ ...old, ...patch }))}
          onApply={applyToAll}
          applicable={editable.length}
          storageChoices={storageChoices}
        />
      )}
      {state.items.length > 0 && (
        <UploadQueue
          state={state}
          store={store}
          storageChoices={storageChoices}
          bundled={bundle.enabled}
        />
      )}
    </Stack>
  );
}
