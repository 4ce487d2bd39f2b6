import type { Locale } from '../domain/money';
import { serverDe } from './server-de';
import { serverEn, type ServerTexts } from './server-en';

/**
 * The texts the functions use, by language: a slice of the dictionaries (en.ts and de.ts take
 * these sections from the same modules), so a Lambda bundle carries a few KiB of texts instead
 * of the whole storefront's (~75 KiB).
 */
export const serverDictionaries: Record<Locale, ServerTexts> = { en: serverEn, de: serverDe };
