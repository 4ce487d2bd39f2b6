import type { Locale } from '../domain/money';
import { de } from './de';
import { en, type Dictionary } from './en';

export const dictionaries: Record<Locale, Dictionary> = { en, de };

export const LOCALES: readonly Locale[] = ['en', 'de'];
