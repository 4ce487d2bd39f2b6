import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Locale } from '@linea/shared/domain/money';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { ErrorMessage } from '../../../components/ui/error-message';
import { StatusMessage } from '../../../components/ui/status-message';
import { paths } from '../../../config/paths';
import { useSessionStore } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';
import { deleteMyAccount, profileQuery, updateEmailLanguage } from '../api/account-api';
import { NameForm, PasswordForm } from './account-security';
import { meQuery } from '../api/get-me';

const LANGUAGES: readonly Locale[] = ['en', 'de'];

/** The language the shop writes to this customer in (pattern 24), saved as soon as it is chosen. */
function EmailLanguage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery());
  const save = useMutation({
    mutationFn: (language: Locale) => updateEmailLanguage(language),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQuery().queryKey, saved);
      toast.success(t('dashboard.profile.languageSaved'), { key: 'profile:language' });
    },
    onError: () => toast.error(t('dashboard.profile.languageFailed'), { key: 'profile:language' }),
  });
  if (profile.isPending) return null;
  if (profile.isError) return <ErrorMessage error={profile.error} onRetry={() => void profile.refetch()} />;
  const current = save.isPending ? save.variables : profile.data.emailLanguage;
  // Two choices: radio buttons, both in sight (a list box would hide one of two).
  return (
    <fieldset className="account-setting option-group" aria-describedby="email-language-hint">
      <legend>{t('dashboard.profile.emailLanguage')}</legend>
      <div className="option-list">
        {LANGUAGES.map((language) => (
          <div key={language} className="option">
            <input
              type="radio"
              id={`email-language-${language}`}
              name="email-language"
              value={language}
              checked={current === language}
              disabled={save.isPending}
              onChange={() => save.mutate(language)}
            />
            <label htmlFor={`email-language-${language}`} lang={language}>
              {t(`language.${language}`)}
            </label>
          </div>
        ))}
      </div>
      <p id="email-language-hint" className="field-note">
        {t('dashboard.profile.emailLanguageHint')}
      </p>
    </fieldset>
  );
}

/**
 * Deleting the account (Swiss FADP / GDPR): what goes and what stays is said before the confirm;
 * afterwards the session ends here too.
 */
function DeleteAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const sessionEnded = useSessionStore((state) => state.sessionEnded);
  const signOut = useSessionStore((state) => state.signOut);
  const remove = useMutation({
    mutationFn: deleteMyAccount,
    onSuccess: async () => {
      // The user no longer exists; the local session goes whether or not Cognito can be told.
      await signOut().catch(sessionEnded);
      toast.success(t('dashboard.profile.deleted'), { description: t('dashboard.profile.deletedDescription') });
      void navigate(paths.home.getHref(), { replace: true });
    },
    onError: () => toast.error(t('dashboard.profile.deleteFailed'), { key: 'profile:delete' }),
  });
  return (
    <section className="account-danger" aria-labelledby="account-delete-heading">
      <h3 id="account-delete-heading">{t('dashboard.profile.deleteHeading')}</h3>
      <p>{t('dashboard.profile.deleteText')}</p>
      <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
        <DialogTrigger asChild>
          <Button variant="secondary">{t('dashboard.profile.deleteButton')}</Button>
        </DialogTrigger>
        <DialogContent
          title={t('dashboard.profile.deleteTitle')}
          description={t('dashboard.profile.deleteText')}
          closeLabel={t('dashboard.profile.close')}
        >
          <div className="account-form-actions">
            <Button onClick={() => remove.mutate()} disabled={remove.isPending}>
              {remove.isPending ? t('dashboard.profile.deleting') : t('dashboard.profile.deleteConfirm')}
            </Button>
            <DialogClose asChild>
              <Button variant="ghost" disabled={remove.isPending}>
                {t('dashboard.profile.cancel')}
              </Button>
            </DialogClose>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}

/** Who the customer is (from the verified token), how the shop writes to them, and leaving. */
export function ProfilePanel() {
  const { t } = useTranslation();
  const me = useQuery(meQuery());
  if (me.isPending) return <StatusMessage>{t('dashboard.loading')}</StatusMessage>;
  if (me.isError) return <ErrorMessage error={me.error} onRetry={() => void me.refetch()} />;
  const name = [me.data.firstName, me.data.lastName].filter(Boolean).join(' ');
  return (
    <section aria-labelledby="account-profile-heading" className="account-panel">
      <h2 id="account-profile-heading">{t('dashboard.profile.heading')}</h2>
      <dl className="details-list">
        <div>
          <dt>{t('dashboard.name')}</dt>
          <dd>{name || '—'}</dd>
        </div>
        <div>
          <dt>{t('dashboard.email')}</dt>
          <dd>{me.data.email}</dd>
        </div>
      </dl>
      <NameForm firstName={me.data.firstName} lastName={me.data.lastName} />
      <PasswordForm />
      <EmailLanguage />
      <DeleteAccount />
    </section>
  );
}
