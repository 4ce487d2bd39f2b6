import { create } from 'zustand';
import type { Locale } from '@linea/shared/domain/money';
import { sendChatMessage } from '../api/send-chat-message';
import type { ChatMessage } from '../lib/chat-message';

/** What became of a question: answered, failed (the failure message is appended), or not sent at all. */
export type AskOutcome = 'answered' | 'failed' | 'refused';

interface ChatState {
  open: boolean;
  messages: readonly ChatMessage[];
  /** A question is on its way: no other is sent until it is answered (spec §5). */
  pending: boolean;
  setOpen: (open: boolean) => void;
  /** Appends the question, asks the assistant, then appends its answer or the failure message. */
  ask: (text: string, locale: Locale) => Promise<AskOutcome>;
}

let sequence = 0;
const nextId = (timestamp: number) => `${timestamp.toString(36)}-${(sequence += 1)}`;

export const initialChatState = { open: false, messages: [], pending: false } as const satisfies Partial<ChatState>;

/**
 * The conversation, in memory only: it outlives navigation and the widget's own remounts, and a
 * reload starts afresh (nothing of it is persisted).
 */
export const useChatStore = create<ChatState>()((set, get) => ({
  ...initialChatState,
  setOpen: (open) => set({ open }),
  ask: async (text, locale) => {
    const message = text.trim();
    if (!message || get().pending) return 'refused';
    // The conversation before this question is its history.
    const history = get().messages;
    const askedAt = Date.now();
    set((state) => ({
      messages: [...state.messages, { id: nextId(askedAt), type: 'user', content: message, timestamp: askedAt }],
      pending: true,
    }));
    try {
      const reply = await sendChatMessage({ message, history, locale });
      const answeredAt = Date.now();
      set((state) => ({
        messages: [
          ...state.messages,
          {
            id: nextId(answeredAt),
            type: 'bot',
            content: reply.response,
            products: reply.products,
            timestamp: answeredAt,
          },
        ],
        pending: false,
      }));
      return 'answered';
    } catch {
      // Whatever went wrong (the model, throttling, the network, an unexpected answer), the
      // shopper gets the spec's one message; details are the server's logs' business.
      const failedAt = Date.now();
      set((state) => ({
        messages: [...state.messages, { id: nextId(failedAt), type: 'unavailable', timestamp: failedAt }],
        pending: false,
      }));
      return 'failed';
    }
  },
}));
