import './app/mantine-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { initI18n, whenI18nReady } from './lib/i18n';

initI18n();

const root = document.getElementById('root');
if (!root) {
  throw new Error('index.html has no #root element');
}
// The locale chunk loads alongside the first route's chunk (the router starts that one on
// creation); rendering before it is there would flash untranslated keys.
void whenI18nReady().then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
