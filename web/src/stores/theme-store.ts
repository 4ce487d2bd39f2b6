import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { readStorage, writeStorage } from '../lib/storage';

/**
 * The spec's key and values (the same as shadcn's ThemeProvider, whose key this is): the
 * stored value is the bare word, not a JSON envelope, so zustand's `persist` is not used.
 */
export const THEME_STORAGE_KEY = 'vite-ui-theme';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = Exclude<Theme, 'system'>;
export const DEFAULT_THEME: Theme = 'system';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

function storedTheme(): Theme {
  const value = readStorage(THEME_STORAGE_KEY);
  return isTheme(value) ? value : DEFAULT_THEME;
}

/**
 * matchMedia is missing in some test environments and very old browsers, and on the server
 * (web/src/server/render.tsx), where the stylesheet's own media query decides: light then.
 */
function systemPrefersDark(): boolean {
  return (
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches
  );
}

function resolve(theme: Theme): ResolvedTheme {
  if (theme !== 'system') return theme;
  return systemPrefersDark() ? 'dark' : 'light';
}

/**
 * The stylesheet keys its dark palette on `html.dark`; `data-theme` keeps the choice itself
 * (so "system" is visible to CSS and tests), and `color-scheme` makes native controls and
 * scrollbars match.
 */
function applyToDocument(theme: Theme, resolved: ResolvedTheme): void {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(resolved);
  root.dataset.theme = theme;
  root.style.colorScheme = resolved;
}

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
    resolved: resolve(theme),
    setTheme: (next) => {
      writeStorage(THEME_STORAGE_KEY, next);
      set({ theme: next, resolved: resolve(next) });
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
  const resolved = resolve(theme);
  useThemeStore.setState({ resolved });
  applyToDocument(theme, resolved);

  const unsubscribe = useThemeStore.subscribe((state) => applyToDocument(state.theme, state.resolved));

  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : undefined;
  const onSystemChange = () => {
    const state = useThemeStore.getState();
    if (state.theme === 'system') useThemeStore.setState({ resolved: resolve('system') });
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
  useThemeStore.setState({ theme, resolved: resolve(theme) });
}
