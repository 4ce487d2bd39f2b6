import i18next from 'i18next';
import { chatDe } from './de';
import { chatEn } from './en';

export const CHAT_NAMESPACE = 'chat';

/**
 * Adds the `chat` namespace when the widget's code loads (after the page has), so the entry
 * bundle carries none of these texts.
 */
export function registerChatTexts(): void {
  if (i18next.hasResourceBundle('en', CHAT_NAMESPACE)) return;
  i18next.addResourceBundle('en', CHAT_NAMESPACE, chatEn);
  i18next.addResourceBundle('de', CHAT_NAMESPACE, chatDe);
}

registerChatTexts();
