import type { Locale } from '../domain/money';
import { de } from './de';
import { en, type Dictionary } from './en';

/** Every language's dictionary: importing this brings them all; for the list of languages, see locales.ts. */
export const dictionaries: Record<Locale, Dictionary> = { en, de };

export { LOCALES } from './locales';
