import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SubscribeRequest } from '@linea/shared/contracts/newsletter';
import { Button } from '../../../components/ui/button';
import { useLocale } from '../../../i18n/i18n';
import { toast } from '../../../stores/toast-store';

/**
 * The fetcher (and with it the API contracts' schema library) loads on first use: the footer's
 * form is on every page, but few visits subscribe.
 */
const subscribe = (request: SubscribeRequest) => import('../api/subscribe').then((module) => module.subscribe(request));

/** One key for the form's toasts: a success after a failed try takes the failure's place. */
const TOAST_KEY = 'newsletter';

export interface NewsletterSignupProps {
  /** `compact` for the footer (one line, arrow button); `default` for the home page. */
  variant?: 'default' | 'compact';
}

/**
 * The spec's newsletter signup: an email (required, of type email) sent with the shopper's
 * language, and its two toasts: sent (check your inbox: the subscription waits for the link in
 * the confirmation email, double opt-in) and failed. The answer is the same whether or not the
 * address was subscribed already, so the form tells nobody who is on the list. The browser's own
 * validation bubbles are replaced by translated messages.
 */
export function NewsletterSignup({ variant = 'default' }: NewsletterSignupProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  const mutation = useMutation({
    mutationFn: (request: SubscribeRequest) => subscribe(request),
    onSuccess: () => {
      setEmail('');
      toast.success(t('newsletter.successTitle'), { description: t('newsletter.successDescription'), key: TOAST_KEY });
    },
    onError: () => {
      toast.error(t('newsletter.failedTitle'), { description: t('newsletter.failedDescription'), key: TOAST_KEY });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = inputRef.current;
    if (!input) return;
    if (!input.checkValidity()) {
      setError(input.validity.valueMissing ? t('newsletter.emailRequired') : t('newsletter.emailInvalid'));
      input.focus();
      return;
    }
    setError(undefined);
    mutation.mutate({ email: email.trim(), locale });
  }

  const busy = mutation.isPending;
  return (
    <form
      className={`newsletter-form newsletter-form-${variant}`}
      onSubmit={handleSubmit}
      noValidate
      aria-busy={busy || undefined}
    >
      <label htmlFor={inputId} className={variant === 'compact' ? 'visually-hidden' : 'newsletter-label'}>
        {t('newsletter.emailLabel')}
      </label>
      <div className="newsletter-row">
        <input
          ref={inputRef}
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          className="newsletter-input"
          placeholder={t('newsletter.emailPlaceholder')}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {variant === 'compact' ? (
          <button
            type="submit"
            className="newsletter-arrow"
            disabled={busy}
            aria-label={busy ? t('newsletter.submitting') : t('newsletter.submit')}
          >
            <ArrowRight aria-hidden="true" size={18} strokeWidth={1.25} />
          </button>
        ) : (
          <Button type="submit" disabled={busy}>
            {busy ? t('newsletter.submitting') : t('newsletter.submit')}
          </Button>
        )}
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
