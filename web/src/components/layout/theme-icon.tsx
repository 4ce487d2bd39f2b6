import { Monitor, Moon, Sun } from 'lucide-react';
import type { Theme } from '../../stores/theme-store';

/** The glyph for a theme choice: sun, moon, or a screen for "follow the system". */
export function ThemeIcon({ theme, size = 18 }: { theme: Theme; size?: number }) {
  const Icon = theme === 'light' ? Sun : theme === 'dark' ? Moon : Monitor;
  return <Icon aria-hidden="true" size={size} strokeWidth={1.5} />;
}
