import { Affix, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { registerServiceWorker } from '../service-worker';
import { InstallPrompt } from './InstallPrompt';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * Registers the service worker and shows the app's prompts (update, install) stacked in
 * the bottom corner, above the page and clear of the header's notifications.
 */
export function PwaPrompts() {
  useEffect(registerServiceWorker, []);
  return (
    <Affix position={{ bottom: 16, right: 16 }} w="min(24rem, calc(100vw - 2rem))">
      <Stack gap="sm">
        <UpdatePrompt />
        <InstallPrompt />
      </Stack>
    </Affix>
  );
}
