import { encodeBase64Url, newFragmentKey } from '@pastebox/contract/e2e/keys';
import type { BundleDetail } from '@pastebox/contract/schemas/bundle';
import { useEffect, useRef, useState } from 'react';
import { useCreateBundle } from '@/lib/bundles/create-bundle';
import {
  DEFAULT_BUNDLE_OPTIONS,
  bundleOptionsProblems,
  toCreateBundleBody,
  type BundleOptions,
} from '@/lib/bundles/bundle-options';
import type { QueueState } from '@/lib/uploader/queue';
import type { UploadQueueStore } from '@/lib/uploader/queue-store';
import type { UploadOptions } from '@/lib/uploader/types';
import { rememberUpload } from '@/features/upload/lib/recent-uploads';

/** A new bundle's fragment key, base64url: every file of an encrypted bundle is sealed under it. */
export function newBundleKey(): string {
  return encodeBase64Url(newFragmentKey());
}

/**
 * The options a file of a bundle is uploaded with: a private share (its own link opens for
 * its owner only), no password, no view limit, no expiry of its own — the bundle's options
 * rule who sees it, and deleting the bundle offers to delete its files. The storage config
 * chosen for the upload stays, and so does end-to-end encryption (issue 35): then every
 * file is sealed under the bundle's one key (`bundleKey`), each with its own header and
 * salt, so `/b/{slug}#k=…` opens them all and the browser makes the ZIP.
 */
export function bundleMemberOptions(defaults: UploadOptions, bundleKey: string): UploadOptions {
  const encrypt = defaults.encrypt ?? false;
  return {
    ...defaults,
    slug: '',
    remark: '',
    password: '',
    expiresIn: 0,
    maxViews: 0,
    private: true,
    encrypt,
    encryptionPassword: encrypt ? (defaults.encryptionPassword ?? '') : '',
    encryptionKey: encrypt ? bundleKey : undefined,
  };
}

/** Where the queue stands with respect to its bundle. */
export function bundleProgress(state: QueueState) {
  const uploaded = state.items.filter((item) => item.status === 'success' && item.result);
  const failed = state.items.filter((item) => item.status === 'error');
  const settled =
    state.items.length > 0 &&
    state.items.every((item) => item.status === 'success' || item.status === 'error');
  return { uploaded, failed, settled };
}

/**
 * "Share as one link" on the upload page (issue 33): while on, files are uploaded as
 * private shares, and once every file of the list is uploaded one POST creates the bundle.
 * A failed file holds the bundle back until it is retried or left out (removed).
 */
export function useBundleUpload(state: QueueState, store: UploadQueueStore) {
  const [enabled, setEnabled] = useState(false);
  const [options, setOptions] = useState<BundleOptions>(DEFAULT_BUNDLE_OPTIONS);
  const [bundle, setBundle] = useState<BundleDetail | null>(null);
  // Kept in this page only: the link shown once the bundle is made is the one place it is.
  const [key, setKey] = useState(newBundleKey);
  const create = useCreateBundle();
  const { uploaded, failed, settled } = bundleProgress(state);
  const fileIds = uploaded.flatMap((item) => (item.result ? [item.result.id] : []));
  const fileSet = fileIds.join(',');
  const valid = Object.keys(bundleOptionsProblems(options)).length === 0;
  // The set of files last sent: a refusal (slug taken…) is not retried behind the user's back.
  const attempted = useRef<string | null>(null);

  const send = () => {
    attempted.current = fileSet;
    create.mutate(toCreateBundleBody(fileIds, options), {
      onSuccess: (made) => {
        setBundle(made);
        if (made.encrypted) {
          return; // its link holds the key, which this browser keeps nowhere (issue 35)
        }
        // Its files are private and not remembered: the bundle's link is what to find again.
        rememberUpload({
          slug: made.slug,
          filename: made.title || made.slug,
          size: made.total_size,
          uploadedAt: made.created_at || new Date().toISOString(),
          bundle: { fileCount: made.file_count },
        });
      },
    });
  };

  const ready =
    enabled && bundle === null && settled && failed.length === 0 && fileIds.length > 0 && valid;
  useEffect(() => {
    if (ready && !create.isPending && attempted.current !== fileSet) {
      send();
    }
    // send() reads the latest render's values; the set of files decides when to run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, fileSet]);

  return {
    enabled,
    options,
    bundle,
    /** The made bundle's `#k=…` when its files are encrypted, else empty. */
    linkFragment: bundle?.encrypted ? `#k=${key}` : '',
    /** Bytes of the uploaded files as chosen (an encrypted bundle's own total is ciphertext). */
    plainSize: uploaded.reduce((sum, item) => sum + item.file.size, 0),
    /** The options a file of this bundle uploads with (see bundleMemberOptions). */
    memberOptions: (defaults: UploadOptions) => bundleMemberOptions(defaults, key),
    /** A file went or is going: whether the files are encrypted can no longer change. */
    encryptionLocked: state.items.some(
      (item) => item.status === 'success' || item.status === 'uploading' || item.queued,
    ),
    uploadedCount: fileIds.length,
    failedCount: failed.length,
    settled,
    creating: create.isPending,
    createError: create.isError ? create.error : null,
    /** The last attempt failed for these very files and options: offer to send again. */
    canRetry: create.isError && !create.isPending && settled && failed.length === 0 && valid,
    setEnabled,
    setOptions: (patch: Partial<BundleOptions>) => setOptions((old) => ({ ...old, ...patch })),
    retryCreate: () => {
      create.reset();
      send();
    },
    /** Drops the failed files from the list: the bundle is then made of the others. */
    leaveOutFailed: () => failed.forEach((item) => store.remove(item.id)),
    /** A fresh start after a bundle was made: the list empties, the options stay. */
    startOver: () => {
      state.items.forEach((item) => store.remove(item.id));
      setBundle(null);
      setKey(newBundleKey());
      attempted.current = null;
      create.reset();
    },
  };
}

export type BundleUpload = ReturnType<typeof useBundleUpload>;
