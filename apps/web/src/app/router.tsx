import { Center, Loader } from '@mantine/core';
import { createBrowserRouter } from 'react-router';
import { RouteErrorBoundary } from '@/features/pwa/components/RouteErrorBoundary';
import { AppLayout } from './layout/AppLayout';
import { NotFoundRedirect } from './pages/NotFoundRedirect';

/** Shown while the first screen's chunk loads (React Router warns when there is none). */
function FirstScreenLoading() {
  return (
    <Center mih="100dvh">
      <Loader />
    </Center>
  );
}

/**
 * Routes of SPEC §2. Each screen is its own lazily loaded chunk, so a visitor opening a
 * paste downloads neither the editor nor the admin panel.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <AppLayout />,
    HydrateFallback: FirstScreenLoading,
    // Errors of the layout itself; a page's errors stay inside the layout (below), so the
    // header and its offline badge remain.
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          {
            index: true,
            lazy: () =>
              import('@/features/editor/components/HomePage').then((m) => ({
                Component: m.HomePage,
              })),
          },
          {
            path: 'upload',
            lazy: () =>
              import('@/features/upload/components/UploadPage').then((m) => ({
                Component: m.UploadPage,
              })),
          },
          {
            path: 'admin',
            lazy: () => import('./pages/AdminRoute').then((m) => ({ Component: m.AdminRoute })),
          },
          {
            path: 'admin/:module',
            lazy: () => import('./pages/AdminRoute').then((m) => ({ Component: m.AdminRoute })),
          },
          {
            path: 'paste/:slug',
            lazy: () =>
              import('@/features/pastes/components/PastePage').then((m) => ({
                Component: m.PastePage,
              })),
          },
          {
            path: 'file/:slug',
            lazy: () =>
              import('@/features/files/components/FilePage').then((m) => ({
                Component: m.FilePage,
              })),
          },
          {
            // Issue 33: several files behind one link (public, works signed out).
            path: 'b/:slug',
            lazy: () =>
              import('@/features/bundles/components/BundlePage').then((m) => ({
                Component: m.BundlePage,
              })),
          },
          {
            // Issue 33: a file request, where a stranger sends the owner files or a text.
            path: 'r/:slug',
            lazy: () =>
              import('@/features/file-requests/components/RequestPage').then((m) => ({
                Component: m.RequestPage,
              })),
          },
          {
            // Issue 32: an invited person chooses a password (public, works signed out).
            path: 'invite/:token',
            lazy: () =>
              import('@/features/accounts/components/InvitePage').then((m) => ({
                Component: m.InvitePage,
              })),
          },
          {
            // Issue 32: single sign-on hands the session over here, in the fragment.
            path: 'sso/complete',
            lazy: () =>
              import('@/features/auth/components/SsoCompletePage').then((m) => ({
                Component: m.SsoCompletePage,
              })),
          },
          {
            path: 'mount-explorer/*',
            lazy: () =>
              import('./pages/MountExplorerPage').then((m) => ({ Component: m.MountExplorerPage })),
          },
          { path: '*', element: <NotFoundRedirect /> },
        ],
      },
    ],
  },
]);
