import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { initTheme } from '../stores/theme-store';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';
import { createRouter } from './router';

// At import, not in an effect: the page must have the shopper's colours before the first render
// (no flash of the wrong theme).
initTheme();

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createRouter(queryClient));
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
