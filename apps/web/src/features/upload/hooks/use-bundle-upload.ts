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

/**
 * The options a file of a bundle is uploaded with: a private share (its own link opens for
 * its owner only), no password, no view limit, no expiry of its own — the bundle's options
 * rule who sees it, and deleting the bundle offers to delete its files. The storage config
 * chosen for the upload stays.
 */
export function bundleMemberOptions(defaults: UploadOptions): UploadOptions {
  return {
    ...defaults,
    slug: '',
    remark: '',
    password: '',
    expiresIn: 0,
    maxViews: 0,
    private: true,
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
  const create = useCreateBundle();
  const { uploaded, failed, settled } = bundleProgress(state);
  const fileIds = uploaded.flatMap((item) => (item.result ? [item.result.id] : []));
  const setKey = fileIds.join(',');
  const valid = Object.keys(bundleOptionsProblems(options)).length === 0;
  // The set of files last sent: a refusal (slug taken…) is not retried behind the user's back.
  const attempted = useRef<string | null>(null);

  const send = () => {
    attempted.current = setKey;
    create.mutate(toCreateBundleBody(fileIds, options), {
      onSuccess: (made) => {
        setBundle(made);
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
    if (ready && !create.isPending && attempted.current !== setKey) {
      send();
    }
    // send() reads the latest render's values; the set of files decides when to run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, setKey]);

  return {
    enabled,
    options,
    bundle,
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
      attempted.current = null;
      create.reset();
    },
  };
}

export type BundleUpload = ReturnType<typeof useBundleUpload>;
