import type { ChatProductCard } from '@linea/shared/contracts/chat';

/**
 * One message of the conversation (spec §4 "Chat message": an id made from the timestamp, who
 * wrote it, the text, the time). The greeting is not one of them: the widget renders it from the
 * translation, so it follows the UI language and is never sent back. `unavailable` is the spec's
 * failure message, shown as the assistant's; it is rendered from the translation too and never
 * sent back either.
 */
export type ChatMessage =
  | { readonly id: string; readonly type: 'user'; readonly content: string; readonly timestamp: number }
  | {
      readonly id: string;
      readonly type: 'bot';
      readonly content: string;
      /** Cards under the answer, built by the server from its catalogue. */
      readonly products: readonly ChatProductCard[];
      readonly timestamp: number;
    }
  | { readonly id: string; readonly type: 'unavailable'; readonly timestamp: number };
