import i18next, { type InitOptions } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Locale } from '@linea/shared/domain/money';
import { dictionaries, LOCALES } from '@linea/shared/i18n/index';
import {
  cookieValue,
  LANGUAGE_COOKIE,
  languageCookie,
  LANGUAGE_QUERY_PARAMETER,
} from '@linea/shared/i18n/language-choice';
import { readStorage, writeStorage } from '../lib/storage';

/** The spec's key: the chosen language survives a reload; English unless chosen otherwise. */
export const LANGUAGE_STORAGE_KEY = 'language';
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language the page's HTML is in, as its host wrote it into <html lang>; undefined if it is none of ours. */
export function pageLocale(): Locale | undefined {
  const lang = document.documentElement.getAttribute('lang');
  return isLocale(lang) ? lang : undefined;
}

/** The visitor's own choice: the spec's storage key, else (storage blocked or cleared) the cookie. */
function chosenLocale(): Locale | undefined {
  const stored = readStorage(LANGUAGE_STORAGE_KEY);
  if (isLocale(stored)) return stored;
  const cookie = cookieValue(document.cookie, LANGUAGE_COOKIE);
  return isLocale(cookie) ? cookie : undefined;
}

/**
 * The language to show, by the host's own rule where the browser can see its inputs, so that a
 * page it rendered keeps its language: a `?lang=` override, else the visitor's choice, else the
 * page's <html lang> (the host's pick from Accept-Language; "en" in a page no host chose for).
 */
export function preferredLocale(): Locale {
  // The server renders in the language it is asked for (server/render.tsx).
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  const requested = new URLSearchParams(window.location.search).get(LANGUAGE_QUERY_PARAMETER);
  if (isLocale(requested)) return requested;
  return chosenLocale() ?? pageLocale() ?? DEFAULT_LOCALE;
}

/** The cookie by which the hosts pick the language of a page before any script runs. */
function writeLanguageCookie(locale: Locale): void {
  document.cookie = languageCookie(locale, { secure: window.location.protocol === 'https:' });
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
export function initI18n(locale: Locale = preferredLocale()) {
  if (i18next.isInitialized) return i18next;
  void i18next.use(initReactI18next).init(i18nOptions(locale));
  // No document on the server: there the renderer writes <html lang> into the page it makes.
  if (typeof document === 'undefined') return i18next;
  document.documentElement.lang = i18next.language;
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
    if (!isLocale(language)) return;
    writeStorage(LANGUAGE_STORAGE_KEY, language);
    writeLanguageCookie(language);
  });
  syncLanguageCookie();
  return i18next;
}

/**
 * Writes the visitor's choice into the cookie where it is not there: a choice stored before the
 * cookie existed, or a cookie cleared on its own. The next page the hosts render is then in it.
 */
export function syncLanguageCookie(): void {
  const chosen = chosenLocale();
  if (chosen && cookieValue(document.cookie, LANGUAGE_COOKIE) !== chosen) writeLanguageCookie(chosen);
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
