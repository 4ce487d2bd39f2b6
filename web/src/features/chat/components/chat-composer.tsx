import { useId, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { SendHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX_LENGTH } from '@linea/shared/contracts/chat';
import { CHAT_NAMESPACE } from '../i18n';

export interface ChatComposerProps {
  inputRef: Ref<HTMLTextAreaElement>;
  /** A reply is pending: nothing can be typed or sent until it has arrived (spec §5). */
  pending: boolean;
  /** Sends a message that is not empty after trimming. */
  onSend: (text: string) => void;
}

/** The message field and the send button. Enter sends, Shift+Enter starts a new line. */
export function ChatComposer({ inputRef, pending, onSend }: ChatComposerProps) {
  const { t } = useTranslation(CHAT_NAMESPACE);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [draft, setDraft] = useState('');
  const sendable = !pending && draft.trim() !== '';

  const send = () => {
    if (!sendable) return;
    onSend(draft);
    setDraft('');
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing a character: its Enter confirms the character.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form className="chat-composer" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('inputLabel')}
      </label>
      <textarea
        ref={inputRef}
        id={inputId}
        name="message"
        className="chat-input"
        rows={1}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        placeholder={t('placeholder')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={pending}
        enterKeyHint="send"
        aria-describedby={hintId}
      />
      <span id={hintId} className="visually-hidden">
        {t('inputHint')}
      </span>
      <button type="submit" className="chat-send" disabled={!sendable} aria-label={t('send')}>
        <SendHorizontal aria-hidden="true" size={18} strokeWidth={1.5} />
      </button>
    </form>
  );
}
