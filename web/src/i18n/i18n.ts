import i18next, { type InitOptions } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Locale } from '@linea/shared/domain/money';
import type { Dictionary } from '@linea/shared/i18n/en';
import { LOCALES } from '@linea/shared/i18n/locales';
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

/**
 * Each language's texts as a chunk of its own: a page downloads its language's only (~12 KiB
 * gzip each), and the host's page preloads it (server/render.tsx, dictionary-hints.ts).
 */
const dictionaryLoaders: Record<Locale, () => Promise<Dictionary>> = {
  en: () => import('@linea/shared/i18n/en').then((module) => module.en),
  de: () => import('@linea/shared/i18n/de').then((module) => module.de),
};

/** The texts of `locale`; the module system keeps a loaded chunk, so asking again costs nothing. */
export function loadDictionary(locale: Locale): Promise<Dictionary> {
  return dictionaryLoaders[locale]();
}

/**
 * The app's i18next options in `locale`, with that language's texts only: the others are added
 * when the visitor switches (setLocale). The server renders with an instance of its own per
 * language (server/render.tsx).
 */
export function i18nOptions(locale: Locale, dictionary: Dictionary): InitOptions {
  return {
    resources: { [locale]: { translation: dictionary } },
    // Without it i18next would take the missing languages for absent, not for not loaded yet.
    partialBundledLanguages: true,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: LOCALES,
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  };
}

let initialising: Promise<typeof i18next> | undefined;

/**
 * Initialises i18next in `locale` once its texts are loaded; the app awaits it before its first
 * render, so that render, including the start-up error screen, is already translated. Safe to
 * call more than once: later calls get the first one's instance, whatever their locale.
 */
export function initI18n(locale: Locale = preferredLocale()): Promise<typeof i18next> {
  initialising ??= loadDictionary(locale).then((dictionary) => {
    void i18next.use(initReactI18next).init(i18nOptions(locale, dictionary));
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
  });
  return initialising;
}

/**
 * Writes the visitor's choice into the cookie where it is not there: a choice stored before the
 * cookie existed, or a cookie cleared on its own. The next page the hosts render is then in it.
 */
export function syncLanguageCookie(): void {
  const chosen = chosenLocale();
  if (chosen && cookieValue(document.cookie, LANGUAGE_COOKIE) !== chosen) writeLanguageCookie(chosen);
}

/** Starts loading `locale`'s texts ahead of a switch to it (the language switch, on hover or focus). */
export function preloadLocale(locale: Locale): void {
  loadDictionary(locale).catch(() => {
    // setLocale loads it again and reports the failure.
  });
}

let latestSwitch = 0;

/**
 * Switches to `locale` once its texts are there (a download on the first switch to it): the page
 * keeps its language until then instead of showing keys. Of switches made while one is loading,
 * the last one chosen wins.
 */
export async function setLocale(locale: Locale): Promise<unknown> {
  const request = ++latestSwitch;
  if (!i18next.hasResourceBundle(locale, 'translation')) {
    const dictionary = await loadDictionary(locale);
    i18next.addResourceBundle(locale, 'translation', dictionary);
  }
  if (request !== latestSwitch) return;
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
