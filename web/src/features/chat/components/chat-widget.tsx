import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { MessageCircle, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/i18n';
import { toast } from '../../../stores/toast-store';
import { CHAT_NAMESPACE } from '../i18n';
import { useChatStore } from '../stores/chat-store';
import { ChatComposer } from './chat-composer';
import { ChatLog } from './chat-log';
import '../chat.css';

/** Where the panel fills the screen (chat.css): following a product card closes it, so the page shows. */
export const FULL_SCREEN_QUERY = '(max-width: 480px)';

/** One key for the widget's toasts: a second failure takes the first one's place. */
const TOAST_KEY = 'chat';

const isFullScreen = () => typeof window.matchMedia === 'function' && window.matchMedia(FULL_SCREEN_QUERY).matches;

/**
 * The spec's shop assistant, fixed at the bottom right: a round button that opens a panel in its
 * place (a non-modal dialog: the page stays usable beside it) with the conversation, a field and
 * a send button. Opening moves focus to the field; Escape and the close button close it and
 * return focus to the round button. The conversation lives in `useChatStore`, so it survives
 * navigation, closing and remounting; a reload starts afresh.
 */
export function ChatWidget() {
  const { t } = useTranslation(CHAT_NAMESPACE);
  const locale = useLocale();
  const open = useChatStore((state) => state.open);
  const messages = useChatStore((state) => state.messages);
  const pending = useChatStore((state) => state.pending);
  const setOpen = useChatStore((state) => state.setOpen);
  const ask = useChatStore((state) => state.ask);

  const panelId = useId();
  const titleId = `${panelId}-title`;
  const launcherRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logFocusTarget = () => panelRef.current?.querySelector<HTMLElement>('[role="log"]');

  // Focus moves only on the shopper's own opening and closing, never on mount (it would take
  // focus from the page), and after the commit: the button is hidden under a full-screen panel.
  const focusOnChange = useRef<'input' | 'launcher' | null>(null);
  useEffect(() => {
    const target = focusOnChange.current;
    focusOnChange.current = null;
    if (open && target === 'input') {
      // While a reply is pending the field is disabled: the conversation takes focus instead.
      if (inputRef.current && !inputRef.current.disabled) inputRef.current.focus();
      else logFocusTarget()?.focus();
    } else if (!open && target === 'launcher') {
      launcherRef.current?.focus();
    }
  }, [open]);

  // The field and the button are disabled while the reply is pending, which takes focus from
  // them (to the page's body); give it back to the field when the reply is in, unless the
  // shopper has moved on elsewhere meanwhile.
  const refocusAfterReply = useRef(false);
  useEffect(() => {
    if (pending || !refocusAfterReply.current) return;
    refocusAfterReply.current = false;
    const active = document.activeElement;
    const focusLost = !active || active === document.body || active === inputRef.current || active.matches(':disabled');
    if (open && focusLost) inputRef.current?.focus();
  }, [pending, open]);

  const openPanel = () => {
    focusOnChange.current = 'input';
    setOpen(true);
  };
  const closePanel = () => {
    focusOnChange.current = 'launcher';
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    event.stopPropagation();
    closePanel();
  };

  const send = (text: string) => {
    refocusAfterReply.current = true;
    void ask(text, locale).then((outcome) => {
      if (outcome === 'failed') {
        toast.error(t('failedTitle'), { description: t('failedDescription'), key: TOAST_KEY });
      } else if (outcome === 'answered') {
        toast.dismissKey(TOAST_KEY);
      }
    });
  };

  // On a phone the panel covers the page: following a product card or a page an answer names
  // closes it, so that page shows (the conversation stays). Focus is then the page's business (the shell's).
  const onFollowLink = () => {
    if (isFullScreen()) setOpen(false);
  };

  return (
    <div className="chat-widget">
      <div
        ref={panelRef}
        id={panelId}
        className="chat-panel"
        role="dialog"
        aria-labelledby={titleId}
        hidden={!open}
        onKeyDown={onKeyDown}
      >
        <div className="chat-header">
          <h2 id={titleId} className="chat-title">
            {t('title')}
          </h2>
          <button type="button" className="chat-close" onClick={closePanel} aria-label={t('close')}>
            <X aria-hidden="true" size={20} strokeWidth={1.5} />
          </button>
        </div>
        <ChatLog messages={messages} pending={pending} open={open} onFollowLink={onFollowLink} />
        <ChatComposer inputRef={inputRef} pending={pending} onSend={send} />
      </div>
      {/* Closed, the widget is this button; open, the panel takes its place (spec §2). */}
      <button
        ref={launcherRef}
        type="button"
        className="chat-launcher"
        aria-label={t('launcher')}
        aria-expanded={open}
        aria-controls={panelId}
        hidden={open}
        onClick={openPanel}
      >
        <MessageCircle aria-hidden="true" size={24} strokeWidth={1.5} />
      </button>
    </div>
  );
}
