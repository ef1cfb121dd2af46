import { useMediaQuery } from '@mantine/hooks';

/**
 * A phone-sized screen or a touch-first device: there is nothing to drag files from and
 * usually no keyboard for a paste shortcut, so the upload page says "tap" (issue 30).
 * Read before the first paint, so the wrong words never flash.
 */
export function useTouchLayout(): boolean {
  return (
    useMediaQuery('(max-width: 47.99em), (pointer: coarse)', false, {
      getInitialValueInEffect: false,
    }) ?? false
  );
}
