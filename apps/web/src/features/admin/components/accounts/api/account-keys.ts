import type { QueryClient } from '@tanstack/react-query';
import { invalidateAfterChange } from '@/lib/query-keys';

/**
 * The Accounts module's query keys. They live beside the module rather than in
 * lib/query-keys.ts because that file is shared; moving them there (and the root into
 * SESSION_QUERY_ROOTS) is a follow-up.
 */
export const accountKeys = {
  all: ['admin', 'accounts'] as const,
  list: (params: AccountsPageParams) => ['admin', 'accounts', 'list', params] as const,
  /** Every account, for the "hand the shares to" choice when deleting one. */
  choices: ['admin', 'accounts', 'choices'] as const,
};

export interface AccountsPageParams {
  /** 1-based page number. */
  page: number;
  search: string;
  /** '' = every role. */
  role: '' | 'admin' | 'member';
}

/** An account changed: every account list refreshes. */
export function invalidateAccounts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountKeys.all });
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
