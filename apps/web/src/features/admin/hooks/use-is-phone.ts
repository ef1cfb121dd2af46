import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em): lists switch from tables to cards. */
export function useIsPhone(): boolean {
  return useMediaQuery('(max-width: 47.99em)') ?? false;
}
