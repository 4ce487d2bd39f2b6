import { readStorage } from './storage';

/**
 * The theme as the document shows it, with nothing but the DOM and storage: the page's entry
 * (src/main.tsx) applies the stored choice with this before the app's code is even fetched, and
 * the theme store (stores/theme-store.ts) builds on it.
 *
 * The spec's key and values (the same as shadcn's ThemeProvider, whose key this is): the
 * stored value is the bare word, not a JSON envelope, so zustand's `persist` is not used.
 */
export const THEME_STORAGE_KEY = 'vite-ui-theme';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = Exclude<Theme, 'system'>;
export const DEFAULT_THEME: Theme = 'system';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function storedTheme(): Theme {
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

export function resolveTheme(theme: Theme): ResolvedTheme {
  if (theme !== 'system') return theme;
  return systemPrefersDark() ? 'dark' : 'light';
}

/**
 * The stylesheet keys its dark palette on `html.dark`; `data-theme` keeps the choice itself
 * (so "system" is visible to CSS and tests), and `color-scheme` makes native controls and
 * scrollbars match.
 */
export function applyThemeToDocument(theme: Theme, resolved: ResolvedTheme = resolveTheme(theme)): void {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(resolved);
  root.dataset.theme = theme;
  root.style.colorScheme = resolved;
}
