import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeChoice } from '../../stores/theme-store';
import { ThemeIcon } from './theme-icon';

type ThemeMenuComponent = ComponentType<{ className?: string }>;

/** The menu once its chunk has arrived: rendered at once from then on, without suspending. */
let loadedMenu: ThemeMenuComponent | undefined;

const loadMenu = () =>
  import('./theme-menu').then((module) => {
    loadedMenu = module.ThemeMenu;
    return { default: module.ThemeMenu };
  });

const LazyThemeMenu = lazy(loadMenu);

/**
 * Loads the menu ahead of a render that must show it in its first pass: the server's, and the
 * browser's over the server's HTML (app/start.tsx). A React.lazy component suspends in its first
 * render even when its chunk is there; and React takes a Suspense boundary of server HTML over
 * after the rest of the page, by which time the page's language may have changed.
 */
export function preloadThemeMenu(): Promise<unknown> {
  return loadMenu();
}

/**
 * The header's theme toggle. Its menu library loads right after the first render, not with it;
 * until then the same-looking button stands in (the first paint does not wait for a menu). Once
 * loaded (or preloaded), the menu renders at once, with no boundary around it.
 */
export function ThemeToggle({ className }: { className?: string }) {
  // Chosen once: the component type changing under it would remount the menu.
  const [Loaded] = useState(() => loadedMenu);
  if (Loaded) return <Loaded className={className} />;
  return (
    <Suspense fallback={<ThemeButtonPlaceholder className={className} />}>
      <LazyThemeMenu className={className} />
    </Suspense>
  );
}

function ThemeButtonPlaceholder({ className }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useThemeChoice();
  return (
    <button
      type="button"
      className={['header-icon', className].filter(Boolean).join(' ')}
      aria-label={t('theme.label')}
    >
      <ThemeIcon theme={theme} />
    </button>
  );
}
