import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { THEMES, useThemeStore } from '../../stores/theme-store';
import { ThemeIcon } from './theme-icon';

/**
 * Light, Dark and System as a segmented row of native radio buttons (the mobile menu has room
 * for all three): the fieldset's legend names the group, arrow keys move the choice.
 */
export function ThemeChoice() {
  const { t } = useTranslation();
  const name = useId();
  const theme = useThemeStore((state) => state.theme);
  const setTheme = useThemeStore((state) => state.setTheme);
  return (
    <fieldset className="segmented">
      <legend className="segmented-legend">{t('theme.label')}</legend>
      <div className="segmented-options">
        {THEMES.map((option) => {
          const id = `${name}-${option}`;
          return (
            <div key={option} className="segmented-option">
              <input
                type="radio"
                id={id}
                name={name}
                value={option}
                checked={theme === option}
                onChange={() => setTheme(option)}
              />
              <label htmlFor={id}>
                <ThemeIcon theme={option} size={16} />
                {t(`theme.${option}`)}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
