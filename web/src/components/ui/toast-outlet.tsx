import { lazy, Suspense, useEffect, useState } from 'react';
import { useToastStore } from '../../stores/toast-store';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * Mounts the toaster (Radix Toast) when the first toast is raised, and keeps it from then on:
 * most visits never show one, so its code stays out of the start-up download.
 */
export function ToastOutlet() {
  const hasToasts = useToastStore((state) => state.toasts.length > 0);
  const [needed, setNeeded] = useState(hasToasts);
  useEffect(() => {
    if (hasToasts) setNeeded(true);
  }, [hasToasts]);
  if (!needed && !hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
