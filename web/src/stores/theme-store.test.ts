import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTheme, reloadThemeForTesting, THEME_STORAGE_KEY, useThemeStore } from './theme-store';

/** A controllable `prefers-color-scheme: dark` media query. */
function stubSystemScheme(initiallyDark: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const query = {
    matches: initiallyDark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return {
    switchTo(dark: boolean) {
      query.matches = dark;
      listeners.forEach((listener) => listener({ matches: dark }));
    },
  };
}

const root = () => document.documentElement;
let stop: (() => void) | undefined;

function startFresh() {
  reloadThemeForTesting();
  stop = initTheme();
}

beforeEach(() => {
  localStorage.clear();
  root().className = '';
  delete root().dataset.theme;
});
afterEach(() => {
  stop?.();
  vi.unstubAllGlobals();
});

describe('theme store', () => {
  it("defaults to 'system' and shows the operating system's light scheme", () => {
    stubSystemScheme(false);
    startFresh();
    expect(useThemeStore.getState().theme).toBe('system');
    expect(root().classList.contains('light')).toBe(true);
    expect(root().classList.contains('dark')).toBe(false);
    expect(root().dataset.theme).toBe('system');
    expect(root().style.colorScheme).toBe('light');
  });

  it('follows the operating system while the choice is system', () => {
    const system = stubSystemScheme(true);
    startFresh();
    expect(root().classList.contains('dark')).toBe(true);

    system.switchTo(false);
    expect(root().classList.contains('light')).toBe(true);
    expect(root().classList.contains('dark')).toBe(false);
    expect(useThemeStore.getState().resolved).toBe('light');
  });

  it(`stores an explicit choice under "${THEME_STORAGE_KEY}" and then ignores the system`, () => {
    const system = stubSystemScheme(false);
    startFresh();

    useThemeStore.getState().setTheme('dark');
    expect(localStorage.getItem('vite-ui-theme')).toBe('dark');
    expect(root().classList.contains('dark')).toBe(true);
    expect(root().dataset.theme).toBe('dark');

    system.switchTo(false);
    expect(root().classList.contains('dark')).toBe(true);

    useThemeStore.getState().setTheme('system');
    expect(localStorage.getItem('vite-ui-theme')).toBe('system');
    expect(root().classList.contains('light')).toBe(true);
  });

  it('restores the stored choice at start and ignores a value it does not know', () => {
    stubSystemScheme(false);
    localStorage.setItem('vite-ui-theme', 'dark');
    startFresh();
    expect(useThemeStore.getState().theme).toBe('dark');
    expect(root().classList.contains('dark')).toBe(true);

    stop?.();
    localStorage.setItem('vite-ui-theme', 'sepia');
    startFresh();
    expect(useThemeStore.getState().theme).toBe('system');
  });

  it('works without matchMedia (light)', () => {
    vi.stubGlobal('matchMedia', undefined);
    startFresh();
    expect(useThemeStore.getState().resolved).toBe('light');
    expect(root().classList.contains('light')).toBe(true);
  });
});
