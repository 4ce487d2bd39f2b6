import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../lib/chat-message';
import { CHAT_NAMESPACE } from '../i18n';
import { ChatAnswerText } from './chat-answer-text';
import { ChatProductCards } from './chat-product-cards';

/** Spec §9: the list scrolls to the newest message 100 ms after it arrives. */
export const SCROLL_DELAY_MS = 100;
/** Room left above an answer scrolled to its start. */
const SCROLL_MARGIN_PX = 12;

export interface ChatLogProps {
  messages: readonly ChatMessage[];
  pending: boolean;
  /** The panel is showing: there is something to scroll. */
  open: boolean;
  /** A product card or a page link of an answer was followed in this tab. */
  onFollowLink: () => void;
}

/**
 * Brings the newest message into view: the end of the list, or the start of an answer taller
 * than the list, so that it is read from its first line.
 */
function scrollToNewest(log: HTMLElement) {
  const newest = log.lastElementChild?.lastElementChild;
  const end = log.scrollHeight - log.clientHeight;
  // The log is positioned (chat.css), so offsetTop is measured from its top.
  const start = newest instanceof HTMLElement ? newest.offsetTop - SCROLL_MARGIN_PX : end;
  log.scrollTop = Math.max(0, Math.min(start, end));
}

/**
 * The conversation: the greeting, then every message, then the typing indicator while a reply
 * is pending. A polite live log: screen readers announce each addition after what they are
 * saying, and the speaker before each text.
 */
export function ChatLog({ messages, pending, open, onFollowLink }: ChatLogProps) {
  const { t } = useTranslation(CHAT_NAMESPACE);
  const { t: tShop } = useTranslation();
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => {
      if (logRef.current) scrollToNewest(logRef.current);
    }, SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [open, messages.length, pending]);

  return (
    // Focusable, so the conversation can be scrolled with the keyboard when it has no links.
    <div ref={logRef} className="chat-log" role="log" aria-live="polite" aria-label={t('conversation')} tabIndex={0}>
      <ol className="chat-messages">
        <li className="chat-message chat-message-bot">
          <span className="visually-hidden">{t('fromAssistant')} </span>
          {t('greeting')}
        </li>
        {messages.map((message) =>
          message.type === 'user' ? (
            <li key={message.id} className="chat-message chat-message-user">
              <span className="visually-hidden">{t('fromYou')} </span>
              {message.content}
            </li>
          ) : (
            <li key={message.id} className="chat-message chat-message-bot">
              <span className="visually-hidden">{t('fromAssistant')} </span>
              {message.type === 'bot' ? (
                <ChatAnswerText text={message.content} onFollow={onFollowLink} />
              ) : (
                tShop('errors.ASSISTANT_UNAVAILABLE')
              )}
              {message.type === 'bot' ? <ChatProductCards products={message.products} onFollow={onFollowLink} /> : null}
            </li>
          ),
        )}
        {pending ? (
          <li className="chat-message chat-message-bot chat-typing">
            <span className="visually-hidden">{t('typing')}</span>
            <span className="chat-typing-dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
          </li>
        ) : null}
      </ol>
    </div>
  );
}
