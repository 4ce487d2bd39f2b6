import { REPLY_LANGUAGE_LINE } from '../../../shared/contracts/chat';
import { isObject } from './wire';

/** The languages the stand-in answers in: the shop's. */
export type Language = 'en' | 'de';

/** `Reply language: de` in the system prompt; English without it. */
export function replyLanguage(system: unknown): Language {
  const texts = Array.isArray(system)
    ? system.flatMap((block) => (isObject(block) && typeof block.text === 'string' ? [block.text] : []))
    : [];
  for (const line of texts.join('\n').split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith(REPLY_LANGUAGE_LINE)) {
      return trimmed.slice(REPLY_LANGUAGE_LINE.length).trim().toLowerCase().startsWith('de') ? 'de' : 'en';
    }
  }
  return 'en';
}
