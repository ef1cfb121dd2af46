import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { STORAGE_KEYS } from '@pastebox/contract/limits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppError } from '@/lib/api-client';
import i18n from '@/lib/i18n';
import toastClasses from './layout/Toasts.module.css';
import { isUnavailableOffline } from '@/lib/offline/unavailable-offline';
import { useLocalizedTheme } from './theme/localized-theme';
import { cssVariablesResolver } from './theme/theme';

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
      // Offline with no copy, a retry only holds the skeleton on screen for seconds before
      // the same answer: the page says "unavailable offline" at once (SPEC §2).
      retry: (failureCount, error) =>
        !(error instanceof AppError && error.status < 500) &&
        !isUnavailableOffline(error) &&
        failureCount < 2,
    },
  },
});

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedProviders>{children}</ThemedProviders>
    </I18nextProvider>
  );
}

/** Below i18n: the theme names close buttons in the current language. */
function ThemedProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={useLocalizedTheme()}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" classNames={{ root: toastClasses.container }} />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
