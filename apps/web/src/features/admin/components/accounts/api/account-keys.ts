import type { QueryClient } from '@tanstack/react-query';
import { invalidateAfterChange, queryKeys } from '@/lib/query-keys';

export interface AccountsPageParams {
  /** 1-based page number. */
  page: number;
  search: string;
  /** '' = every role. */
  role: '' | 'admin' | 'member';
}

/** An account changed: every account list refreshes. */
export function invalidateAccounts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.accounts.all });
}

/**
 * An account went with its shares (deleted or handed over) and its keys: the share lists,
 * the storage usage, the key list and its WebDAV locks are stale too.
 */
export async function invalidateAfterAccountRemoval(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    invalidateAccounts(queryClient),
    invalidateAfterChange(queryClient, 'paste'),
    invalidateAfterChange(queryClient, 'fileObject'),
    invalidateAfterChange(queryClient, 'apiKey'),
  ]);
}
