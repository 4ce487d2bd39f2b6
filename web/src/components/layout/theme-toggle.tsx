import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeStore } from '../../stores/theme-store';
import { ThemeIcon } from './theme-icon';

const ThemeMenu = lazy(() => import('./theme-menu').then((module) => ({ default: module.ThemeMenu })));

/**
 * The header's theme toggle. Its menu library loads right after the first render, not with it;
 * until then the same-looking button stands in (the first paint does not wait for a menu).
 */
export function ThemeToggle({ className }: { className?: string }) {
  return (
    <Suspense fallback={<ThemeButtonPlaceholder className={className} />}>
      <ThemeMenu className={className} />
    </Suspense>
  );
}

function ThemeButtonPlaceholder({ className }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useThemeStore((state) => state.theme);
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
