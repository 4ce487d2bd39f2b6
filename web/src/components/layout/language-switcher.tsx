import { useTranslation } from 'react-i18next';
import { LOCALES } from '@linea/shared/i18n/index';
import { setLocale, useLocale } from '../../i18n/i18n';

/** English / Deutsch as two toggle buttons; each name is in its own language (and marked so). */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useLocale();
  return (
    <div className="language-switcher" role="group" aria-label={t('language.label')}>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className="language-option"
          aria-pressed={locale === current}
          onClick={() => void setLocale(locale)}
        >
          {t(`language.${locale}`)}
        </button>
      ))}
    </div>
  );
}
