import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router-dom';
import { initTheme } from '../stores/theme-store';
import { AppProvider } from './provider';

// At import, not in an effect: the page must have the shopper's colours before the first render
// (no flash of the wrong theme).
initTheme();

export interface AppProps {
  queryClient: QueryClient;
  router: DataRouter;
  /**
   * Called after the first render is committed (in development's StrictMode, twice): over a page
   * rendered on the server, when what only the browser knows may show.
   */
  onFirstCommit?: () => void;
}

export function App({ queryClient, router, onFirstCommit }: AppProps) {
  useEffect(() => onFirstCommit?.(), [onFirstCommit]);
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
