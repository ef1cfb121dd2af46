import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAfterChange } from '@/lib/query-keys';

/**
 * A change to a mount (SPEC §7 "File system"), refreshing the listings once it settles: a
 * rename or delete of a folder makes its whole subtree stale, so every fs key goes, not
 * only the folder on screen; a failed batch may still have changed some paths.
 */
export function useFsChange<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => invalidateAfterChange(queryClient, 'fsEntry'),
  });
}
