import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import i18n, { initI18n } from '@/lib/i18n';

/** Renders a component with the app's providers, in the given language. */
export async function renderWithProviders(
  ui: ReactElement,
  options: { language?: 'en-US' | 'zh-CN'; route?: string } & RenderOptions = {},
) {
  initI18n();
  await i18n.changeLanguage(options.language ?? 'en-US');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[options.route ?? '/']}>{children}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
  return render(ui, { wrapper, ...options });
}
