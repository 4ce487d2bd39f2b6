import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import {
  applyThemeToDocument,
  DARK_QUERY,
  DEFAULT_THEME,
  resolveTheme,
  storedTheme,
  THEME_STORAGE_KEY,
  type ResolvedTheme,
  type Theme,
} from '../lib/theme-document';
import { writeStorage } from '../lib/storage';

export { isTheme, THEME_STORAGE_KEY, THEMES, type ResolvedTheme, type Theme } from '../lib/theme-document';

interface ThemeState {
  /** What the shopper chose. */
  theme: Theme;
  /** What is shown: the choice, or the operating system's preference for "system". */
  resolved: ResolvedTheme;
  setTheme: (theme: Theme) => void;
}

export const useThemeStore = create<ThemeState>()((set) => {
  const theme = storedTheme();
  return {
    theme,
    resolved: resolveTheme(theme),
    setTheme: (next) => {
      writeStorage(THEME_STORAGE_KEY, next);
      set({ theme: next, resolved: resolveTheme(next) });
    },
  };
});

const selectTheme = () => useThemeStore.getState().theme;
// What the server renders (it has no storage): the page's HTML shows the default's icon.
const serverTheme = () => DEFAULT_THEME;

/**
 * The shopper's choice, for showing it (the toggle's icon). The render that takes over a page
 * rendered on the server shows the default, as the server did, and the stored choice right
 * after; a page rendered in the browser shows the stored choice at once. (zustand's own hook
 * would hydrate with the store's initial state, which is already the stored choice.)
 */
export function useThemeChoice(): Theme {
  return useSyncExternalStore(useThemeStore.subscribe, selectTheme, serverTheme);
}

let stopFollowing: (() => void) | undefined;

/**
 * Applies the stored theme to <html> at once and keeps it applied: after every change of
 * choice, and whenever the operating system switches while the choice is "system". Called
 * once at start-up, before the first render, so the first paint has the right colours.
 * Returns a function that stops following (for tests).
 */
export function initTheme(): () => void {
  stopFollowing?.();
  // The system's preference may have changed since the store was created: resolve again.
  const { theme } = useThemeStore.getState();
  const resolved = resolveTheme(theme);
  useThemeStore.setState({ resolved });
  applyThemeToDocument(theme, resolved);

  const unsubscribe = useThemeStore.subscribe((state) => applyThemeToDocument(state.theme, state.resolved));

  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : undefined;
  const onSystemChange = () => {
    const state = useThemeStore.getState();
    if (state.theme === 'system') useThemeStore.setState({ resolved: resolveTheme('system') });
  };
  media?.addEventListener('change', onSystemChange);

  stopFollowing = () => {
    unsubscribe();
    media?.removeEventListener('change', onSystemChange);
    stopFollowing = undefined;
  };
  return stopFollowing;
}

/** Re-reads the stored choice, as at a fresh page load (for tests). */
export function reloadThemeForTesting(): void {
  const theme = storedTheme();
  useThemeStore.setState({ theme, resolved: resolveTheme(theme) });
}
