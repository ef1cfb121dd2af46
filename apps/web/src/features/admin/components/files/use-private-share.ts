import type { FileShare } from '@pastebox/contract/schemas/file';
import { useState } from 'react';
import { useUpdateFile } from '@/features/admin/api/update-file';

/** Which file the share dialog is about; `shared` once its link opens for everyone. */
export interface PrivateShareState {
  file: FileShare;
  shared: boolean;
}

/**
 * Sharing a private file (issue 33: a request's upload, a bundle's member), whose link
 * opens for its owner only: `shareNow` makes it public in one step (PUT …/files/{id}
 * `{ private: false }`) and the dialog then hands out its link; `explain` opens the dialog
 * first, for the link and QR buttons, which must not hand out a link others cannot open.
 */
export function usePrivateShare() {
  const update = useUpdateFile();
  const [state, setState] = useState<PrivateShareState | null>(null);
  const share = (file: FileShare) => {
    update.reset();
    setState({ file, shared: false });
    update.mutate(
      { id: file.id, body: { private: false } },
      {
        onSuccess: (saved) =>
          setState((current) =>
            current?.file.id === saved.id ? { file: saved, shared: true } : current,
          ),
      },
    );
  };
  return {
    state,
    sharing: update.isPending,
    error: update.isError ? update.error : null,
    shareNow: share,
    explain: (file: FileShare) => {
      update.reset();
      setState({ file, shared: false });
    },
    /** Shares the file the dialog is about (its "Share it" button). */
    confirm: () => {
      if (state) {
        share(state.file);
      }
    },
    close: () => setState(null),
  };
}

export type PrivateShare = ReturnType<typeof usePrivateShare>;
