import type { Locale } from '../domain/money';

/**
 * The shop's languages, without their dictionaries: what a language switcher needs, so code that
 * lists the languages does not bring every language's texts into its bundle (see index.ts).
 */
export const LOCALES: readonly Locale[] = ['en', 'de'];
