import type { Widen } from '@linea/shared/i18n/en';

/**
 * The shop assistant's texts, namespace `chat`: they load with the widget, after the page, so
 * the first paint carries none of them. Spec texts are verbatim (spec §2 "Chat assistant
 * widget", §4 "Chat widget", §8 "Chat"); the failure message itself is the shared
 * `errors.ASSISTANT_UNAVAILABLE`.
 */
export const chatEn = {
  /** The round button; its expanded state says whether the panel is open. */
  launcher: 'Open shop assistant',
  title: 'Shop Assistant',
  close: 'Close shop assistant',
  greeting:
    "Hi! I'm here to help you find the perfect clothes and answer any questions about our products. What are you looking for today?",
  /** The message list (a live log). */
  conversation: 'Conversation with the shop assistant',
  /** Before each message, for screen readers (the bubbles' sides say it to the eye). */
  fromYou: 'You:',
  fromAssistant: 'Assistant:',
  typing: 'Assistant is typing',
  products: 'Products in this answer',
  inputLabel: 'Your message',
  placeholder: 'Ask about products, sizes, orders...',
  inputHint: 'Enter sends, Shift+Enter starts a new line.',
  send: 'Send message',
  failedTitle: 'Error',
  failedDescription: 'AI assistant temporarily unavailable',
} as const;

export type ChatDictionary = Widen<typeof chatEn>;
