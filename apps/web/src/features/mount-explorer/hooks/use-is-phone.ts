import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em): the table becomes a list, the toolbar a menu. */
export function useIsPhone(): boolean {
  return useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false }) ?? false;
}
