import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

// Without matchMedia (old browsers, jsdom) we cannot ask, so motion stays off: content over polish.
const getSnapshot = (): boolean => typeof window.matchMedia !== 'function' || window.matchMedia(QUERY).matches;

/** Whether the shopper asked the operating system for less motion; follows changes live. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => true);
}
