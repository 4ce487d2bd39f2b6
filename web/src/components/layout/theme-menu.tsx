import { DropdownMenu } from 'radix-ui';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isTheme, THEMES, useThemeChoice, useThemeStore } from '../../stores/theme-store';
import { ThemeIcon } from './theme-icon';

/**
 * The header's theme toggle: a button (named "Theme") that opens a menu of Light, Dark and
 * System as radio items (Radix DropdownMenu: arrow keys, Escape, focus returns to the button).
 */
export function ThemeMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useThemeChoice();
  const setTheme = useThemeStore((state) => state.setTheme);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={['header-icon', className].filter(Boolean).join(' ')}
        aria-label={t('theme.label')}
      >
        <ThemeIcon theme={theme} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={8}>
          <DropdownMenu.Label className="menu-label">{t('theme.label')}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={theme}
            onValueChange={(value) => {
              if (isTheme(value)) setTheme(value);
            }}
          >
            {THEMES.map((option) => (
              <DropdownMenu.RadioItem key={option} value={option} className="menu-item">
                <ThemeIcon theme={option} size={16} />
                <span>{t(`theme.${option}`)}</span>
                <DropdownMenu.ItemIndicator className="menu-item-indicator">
                  <Check aria-hidden="true" size={14} strokeWidth={1.75} />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
