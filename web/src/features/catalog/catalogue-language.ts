/**
 * The catalogue (names, descriptions) is written in English only. Marking it lets a screen
 * reader on a German page pronounce it as English (WCAG 3.1.2, language of parts).
 */
export const CATALOGUE_LANGUAGE = 'en';
