import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NewsletterDto } from '@linea/shared/contracts/newsletter';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { StatusMessage } from '../../../components/ui/status-message';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useLocale } from '../../../i18n/i18n';
import { toast } from '../../../stores/toast-store';
import { meQuery } from '../../account/api/get-me';
import { formatOrderDate } from '../../orders/lib/format-order-date';
import { adminQueryKey, createNewsletter, newslettersQuery, sendNewsletter, subscribersQuery } from '../api/admin-api';
import { ADMIN_NAMESPACE } from '../i18n';

const paragraphsOf = (content: string) =>
  content
    .trim()
    .split(/(?:\r?\n[ \t]*){2,}/)
    .filter(Boolean);

function NewsletterForm() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({ title: '', subject: '', content: '' });
  const previewId = useId();
  const create = useMutation({
    mutationFn: () => createNewsletter(draft),
    onSuccess: async () => {
      toast.success(t('newsletter.created'), { key: 'newsletter-create' });
      setDraft({ title: '', subject: '', content: '' });
      await queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
    onError: () =>
      toast.error(t('newsletter.creationFailed'), {
        description: t('newsletter.creationFailedDescription'),
        key: 'newsletter-create',
      }),
  });
  const set = (field: keyof typeof draft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const paragraphs = paragraphsOf(draft.content);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate();
  }

  return (
    <form className="admin-form" onSubmit={handleSubmit} aria-busy={create.isPending}>
      <h3 className="admin-subheading">{t('newsletter.createHeading')}</h3>
      <TextField
        label={t('newsletter.title')}
        value={draft.title}
        onChange={(event) => set('title')(event.target.value)}
        required
        maxLength={200}
      />
      <TextField
        label={t('newsletter.subject')}
        value={draft.subject}
        onChange={(event) => set('subject')(event.target.value)}
        required
        maxLength={200}
      />
      <TextAreaField
        label={t('newsletter.content')}
        labelNote={t('newsletter.contentHint')}
        value={draft.content}
        onChange={(event) => set('content')(event.target.value)}
        required
        maxLength={20_000}
        rows={8}
      />
      <section className="admin-preview" aria-labelledby={previewId}>
        <h4 id={previewId} className="admin-preview-label">
          {t('newsletter.preview')}
        </h4>
        {draft.title || draft.subject || paragraphs.length ? (
          <div className="admin-preview-mail">
            <p className="admin-muted">{draft.subject}</p>
            <p className="admin-preview-title">{draft.title}</p>
            {paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        ) : (
          <p className="admin-muted">{t('newsletter.previewEmpty')}</p>
        )}
      </section>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? t('newsletter.creating') : t('newsletter.create')}
      </Button>
    </form>
  );
}

function NewsletterEntry({
  newsletter,
  canSend,
  onSend,
  sending,
}: {
  newsletter: NewsletterDto;
  canSend: boolean;
  onSend: () => void;
  sending: boolean;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const locale = useLocale();
  const headingId = `newsletter-${newsletter.id}`;
  return (
    <li>
      <article className="admin-order" aria-labelledby={headingId}>
        <div className="admin-order-main">
          <h4 id={headingId}>{newsletter.title}</h4>
          <p className="admin-muted">{newsletter.subject}</p>
          <p className="admin-muted">
            {newsletter.status === 'sent' && newsletter.sentAt
              ? t('newsletter.sentTo', {
                  date: formatOrderDate(newsletter.sentAt, locale),
                  count: newsletter.recipientCount ?? 0,
                })
              : newsletter.status === 'sending'
                ? t('newsletter.progress', { sent: newsletter.sentCount })
                : t('newsletter.createdOn', { date: formatOrderDate(newsletter.createdAt, locale) })}
          </p>
        </div>
        <div className="admin-order-side">
          <span className={`admin-badge admin-badge-${newsletter.status === 'sent' ? 'default' : 'outline'}`}>
            {t(`newsletter.statuses.${newsletter.status}`)}
          </span>
          {newsletter.status === 'draft' ? (
            <Button onClick={onSend} disabled={!canSend || sending} aria-describedby={headingId}>
              {sending ? t('newsletter.sending') : t('newsletter.send')}
            </Button>
          ) : null}
        </div>
      </article>
    </li>
  );
}

/**
 * Newsletter (spec §2): the 10 newest subscribers, writing a newsletter with its preview, and
 * sending a draft: the server mails each active subscriber their own copy, and the list shows
 * the progress until it is sent.
 */
export function NewsletterTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const locale = useLocale();
  const queryClient = useQueryClient();
  const subscribers = useQuery(subscribersQuery());
  const list = useQuery(newslettersQuery());
  const me = useQuery(meQuery());
  const [fromEmail, setFromEmail] = useState<string>();
  const [fromError, setFromError] = useState<string>();
  const [started, setStarted] = useState<ReadonlySet<string>>(new Set());
  const from = fromEmail ?? me.data?.email ?? '';

  const send = useMutation({
    mutationFn: (id: string) => sendNewsletter(id, from.trim()),
    onSuccess: async (newsletter) => {
      setStarted((current) => new Set(current).add(newsletter.id));
      await queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
    onError: () =>
      toast.error(t('newsletter.sendFailed'), {
        description: t('newsletter.sendFailedDescription'),
        key: 'newsletter-send',
      }),
  });

  // The send runs on the server; its end shows in the list, and then the spec's toast.
  useEffect(() => {
    const finished = list.data?.items.filter((item) => started.has(item.id) && item.status === 'sent') ?? [];
    if (!finished.length) return;
    for (const item of finished) {
      toast.success(t('newsletter.sent'), {
        description: t('newsletter.sentDescription', { count: item.recipientCount ?? 0 }),
        key: 'newsletter-send',
      });
    }
    setStarted((current) => new Set([...current].filter((id) => !finished.some((item) => item.id === id))));
    void queryClient.invalidateQueries({ queryKey: [...adminQueryKey, 'audit'] });
  }, [list.data, started, t, queryClient]);

  function startSend(id: string) {
    if (!from.trim()) {
      setFromError(t('newsletter.emailRequiredDescription'));
      toast.error(t('newsletter.emailRequired'), {
        description: t('newsletter.emailRequiredDescription'),
        key: 'newsletter-send',
      });
      return;
    }
    setFromError(undefined);
    send.mutate(id);
  }

  const activeCount = subscribers.data?.activeCount ?? 0;
  const anySending = list.data?.items.some((item) => item.status === 'sending') ?? false;

  return (
    <section className="admin-panel" aria-labelledby="admin-newsletter-heading">
      <h2 id="admin-newsletter-heading">{t('newsletter.heading')}</h2>
      <div className="admin-promos">
        <NewsletterForm />
        <div className="admin-promo-list">
          <h3 className="admin-subheading">{t('newsletter.list')}</h3>
          <TextField
            label={t('newsletter.fromEmail')}
            labelNote={t('newsletter.fromEmailHint')}
            type="email"
            autoComplete="email"
            value={from}
            onChange={(event) => setFromEmail(event.target.value)}
            error={fromError}
          />
          <p className="admin-note">{t('newsletter.unsubscribeNote')}</p>
          {subscribers.isSuccess && activeCount === 0 ? <p className="admin-note">{t('newsletter.noActive')}</p> : null}
          {list.isPending ? (
            <StatusMessage>{t('newsletter.loading')}</StatusMessage>
          ) : list.isError ? (
            <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />
          ) : list.data.items.length === 0 ? (
            <p className="admin-empty">{t('newsletter.empty')}</p>
          ) : (
            <ul className="admin-orders">
              {list.data.items.map((newsletter) => (
                <NewsletterEntry
                  key={newsletter.id}
                  newsletter={newsletter}
                  canSend={activeCount > 0 && !anySending}
                  sending={send.isPending && send.variables === newsletter.id}
                  onSend={() => startSend(newsletter.id)}
                />
              ))}
            </ul>
          )}

          <h3 className="admin-subheading">{t('newsletter.subscribers')}</h3>
          {subscribers.isPending ? (
            <StatusMessage>{t('newsletter.loading')}</StatusMessage>
          ) : subscribers.isError ? (
            <ErrorMessage error={subscribers.error} onRetry={() => void subscribers.refetch()} />
          ) : subscribers.data.items.length === 0 ? (
            <p className="admin-empty">{t('newsletter.noSubscribers')}</p>
          ) : (
            <>
              <p className="admin-note">{t('newsletter.subscribersCount', { count: activeCount })}</p>
              <ul className="admin-subscribers">
                {subscribers.data.items.map((subscriber) => (
                  <li key={subscriber.email}>
                    <span>{subscriber.email}</span>{' '}
                    <span className="admin-muted">
                      {t('newsletter.subscribedOn', { date: formatOrderDate(subscriber.subscribedAt, locale) })}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
