import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { STORAGE_KEYS } from '@pastebox/contract/limits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppError } from '@/lib/api-client';
import i18n from '@/lib/i18n';
import { cssVariablesResolver, theme } from './theme/theme';

/** Themes kept under `themeMode` (SPEC §3): light, dark or auto. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.themeMode });

/** Client errors (4xx) are answers, not outages: retrying them only repeats the refusal. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Offline, still call the API once: apiRequest answers GETs from the offline copy
      // (SPEC §4). The default ('online') would pause every query until the network is back.
      networkMode: 'offlineFirst',
      retry: (failureCount, error) =>
        !(error instanceof AppError && error.status < 500) && failureCount < 2,
    },
  },
});

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
      >
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            <Notifications position="top-right" />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
