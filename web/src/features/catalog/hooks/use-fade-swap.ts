import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

/** The spec's category change: the grid fades out for 200 ms before the new one is swapped in. */
export const FADE_OUT_MS = 200;

export interface FadeSwap<T> {
  /** The value to render now: the previous one while fading out. */
  shown: T;
  /** True during the fade-out, before the swap. */
  leaving: boolean;
}

/**
 * Delays a value change by the fade-out, so the old content can leave before the new arrives.
 * With reduced motion (or no way to tell) the new value shows at once.
 */
export function useFadeSwap<T>(value: T, duration = FADE_OUT_MS): FadeSwap<T> {
  const reducedMotion = usePrefersReducedMotion();
  const [shown, setShown] = useState(value);

  useEffect(() => {
    if (Object.is(shown, value)) return;
    if (reducedMotion) {
      setShown(value); // keeps the stored value current in case motion is switched back on
      return;
    }
    const timer = window.setTimeout(() => setShown(value), duration);
    return () => window.clearTimeout(timer);
  }, [value, shown, reducedMotion, duration]);

  if (reducedMotion) return { shown: value, leaving: false };
  return { shown, leaving: !Object.is(shown, value) };
}
