import {
  CHAT_ANSWER_MAX_LENGTH,
  CHAT_HISTORY_MAX_MESSAGES,
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatHistoryMessage,
} from '@linea/shared/contracts/chat';
import type { ChatMessage } from './chat-message';

/** At most `max` UTF-16 units, never ending in half of a surrogate pair (an emoji cut in two). */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const last = head.charCodeAt(head.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? head.slice(0, -1) : head;
}

/** The question as the contract takes it: trimmed, at most 500 characters. */
export function toChatQuestion(text: string): string {
  return cut(text.trim(), CHAT_MESSAGE_MAX_LENGTH).trim();
}

/**
 * The conversation as `POST /chat` takes it back: the shopper's messages and the assistant's
 * answers, oldest first, the last 10 only, each trimmed and cut to the contract's limit. The
 * greeting is not in the store, and failure messages are the widget's, not the assistant's:
 * neither is sent.
 */
export function toChatHistory(messages: readonly ChatMessage[]): ChatHistoryMessage[] {
  const history: ChatHistoryMessage[] = [];
  for (const message of messages) {
    if (message.type === 'unavailable') continue;
    const content = cut(message.content.trim(), CHAT_ANSWER_MAX_LENGTH).trim();
    if (!content) continue; // the contract refuses empty entries
    history.push({ role: message.type === 'user' ? 'user' : 'assistant', content });
  }
  return history.slice(-CHAT_HISTORY_MAX_MESSAGES);
}
