import { useTranslation } from 'react-i18next';
import { LOCALES } from '@linea/shared/i18n/locales';
import { preloadLocale, setLocale, useLocale } from '../../i18n/i18n';

export interface LanguageSwitcherProps {
  /**
   * `compact` shows "EN / DE" (the header); `full` shows "English / Deutsch" (the mobile menu).
   * Either way each button's name holds the language's own name, in that language.
   * @default 'compact'
   */
  variant?: 'compact' | 'full';
  className?: string;
}

/**
 * English / Deutsch as two toggle buttons. Choosing one switches the texts as soon as that
 * language's are loaded (at once when already there); i18n.ts then updates <html lang> and
 * remembers the choice under the `language` key.
 */
export function LanguageSwitcher({ variant = 'compact', className }: LanguageSwitcherProps) {
  const { t } = useTranslation();
  const current = useLocale();
  return (
    <div
      className={['language-switcher', `language-switcher-${variant}`, className].filter(Boolean).join(' ')}
      role="group"
      aria-label={t('language.label')}
    >
      {LOCALES.map((locale) => {
        const name = t(`language.${locale}`);
        return (
          <button
            key={locale}
            type="button"
            lang={locale}
            className="language-option"
            aria-pressed={locale === current}
            onClick={() => void setLocale(locale)}
            // The other language's texts are a download: started as the pointer or focus comes.
            onPointerEnter={() => preloadLocale(locale)}
            onFocus={() => preloadLocale(locale)}
          >
            {variant === 'compact' ? (
              // Named "EN English": the visible "EN" leads the name, as WCAG 2.5.3 (label in
              // name) asks, and the language's own name follows for screen readers.
              <>
                {locale.toUpperCase()} <span className="visually-hidden">{name}</span>
              </>
            ) : (
              name
            )}
          </button>
        );
      })}
    </div>
  );
}
