import { useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router-dom';
import { createHandOver, HandOverContext } from '../components/layout/handed-over-part';
import { initTheme } from '../stores/theme-store';
import { AppProvider } from './provider';

// At import, not in an effect: the page must have the shopper's colours before the first render
// (no flash of the wrong theme).
initTheme();

export interface AppProps {
  queryClient: QueryClient;
  router: DataRouter;
  /**
   * Called once, when the first render is committed whole: over a page rendered on the server,
   * once every part of it is taken over (components/layout/handed-over-part.tsx), when what only
   * the browser knows may show.
   */
  onHandedOver?: () => void;
}

export function App({ queryClient, router, onHandedOver }: AppProps) {
  const [handOver] = useState(() => (onHandedOver ? createHandOver(onHandedOver) : null));
  useEffect(() => handOver?.rootCommitted(), [handOver]);
  return (
    <HandOverContext value={handOver}>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </HandOverContext>
  );
}
