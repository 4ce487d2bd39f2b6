import { chatResponse, type ChatResponse } from '@linea/shared/contracts/chat';
import type { Locale } from '@linea/shared/domain/money';
import { api } from '../../../api/client';
import { toChatHistory, toChatQuestion } from '../lib/chat-history';
import type { ChatMessage } from '../lib/chat-message';

/** A little over the API's own 29 s: a reply that never comes ends as a failure, not a wait. */
const CHAT_TIMEOUT_MS = 35_000;

export interface SendChatMessageInput {
  message: string;
  /** The conversation before this message, as the widget holds it. */
  history: readonly ChatMessage[];
  locale: Locale;
}

/**
 * POST /chat: the assistant's answer and its product cards, in `locale`. Signed-in shoppers send
 * their token (the assistant can then read their orders); guests ask without. Any failure is an
 * ApiError (ASSISTANT_UNAVAILABLE, RATE_LIMITED, ...) or the timeout's abort.
 */
export function sendChatMessage({ message, history, locale }: SendChatMessageInput): Promise<ChatResponse> {
  return api.request('/chat', {
    method: 'POST',
    body: { message: toChatQuestion(message), history: toChatHistory(history), locale },
    schema: chatResponse,
    signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(CHAT_TIMEOUT_MS) : undefined,
  });
}
