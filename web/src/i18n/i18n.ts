import i18next, { type InitOptions } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Locale } from '@linea/shared/domain/money';
import { dictionaries, LOCALES } from '@linea/shared/i18n/index';
import { readStorage, writeStorage } from '../lib/storage';

/** The spec's key: the chosen language survives a reload; English unless chosen otherwise. */
export const LANGUAGE_STORAGE_KEY = 'language';
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function storedLocale(): Locale {
  const value = readStorage(LANGUAGE_STORAGE_KEY);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The app's i18next options in `locale`; the server renders with an instance of its own (server/render.tsx). */
export function i18nOptions(locale: Locale): InitOptions {
  return {
    resources: {
      en: { translation: dictionaries.en },
      de: { translation: dictionaries.de },
    },
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: LOCALES,
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  };
}

/**
 * Initialises i18next synchronously (the dictionaries are bundled), so the very first render,
 * including the start-up error screen, is already translated. Safe to call more than once.
 */
export function initI18n(locale: Locale = storedLocale()) {
  if (i18next.isInitialized) return i18next;
  void i18next.use(initReactI18next).init(i18nOptions(locale));
  // No document on the server: there the renderer writes <html lang> into the page it makes.
  if (typeof document === 'undefined') return i18next;
  document.documentElement.lang = i18next.language;
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
    writeStorage(LANGUAGE_STORAGE_KEY, language);
  });
  return i18next;
}

export function setLocale(locale: Locale): Promise<unknown> {
  return i18next.changeLanguage(locale);
}

/** The current language as the domain's Locale, for formatting money and dates. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/** The current language outside React (route loaders prefetching in the page's language). */
export function currentLocale(): Locale {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}
