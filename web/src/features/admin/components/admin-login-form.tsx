import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useSessionStore } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';
import { meQuery } from '../../account/api/get-me';
import { authErrorToast, authProblem } from '../../auth/auth-errors';
import { ADMIN_NAMESPACE } from '../i18n';

const TOAST_KEY = 'admin-login';

/**
 * /admin-login (spec §2) on Cognito: the email and password of an account in the `admin` group.
 * A wrong password and an account without the group get the same answer, 'Access Denied'; the
 * latter is signed out again, so the browser keeps no session that the back office refused.
 */
export function AdminLoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { t: tShop } = useTranslation();
  const queryClient = useQueryClient();
  const signIn = useSessionStore((state) => state.signIn);
  const signOut = useSessionStore((state) => state.signOut);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  function deny(description: string, title: string = t('login.denied')) {
    setProblem(`${title}: ${description}`);
    toast.error(title, { description, key: TOAST_KEY });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    setBusy(true);
    setProblem(undefined);
    try {
      await signIn(email, password);
    } catch (err) {
      setBusy(false);
      const reason = authProblem('signIn', err);
      if (reason === 'invalidCredentials') deny(t('login.invalidPassword'));
      else deny(tShop(authErrorToast('signIn', reason).description), t('login.failed'));
      return;
    }
    try {
      const me = await queryClient.fetchQuery({ ...meQuery(), staleTime: 0 });
      if (!me.isAdmin) {
        await signOut().catch(() => undefined);
        deny(t('login.invalidPassword'));
        return;
      }
    } catch {
      deny(tShop('errors.INTERNAL'), t('login.failed'));
      return;
    } finally {
      setBusy(false);
    }
    toast.success(t('login.welcome'), { key: TOAST_KEY });
    onSignedIn();
  }

  return (
    <form className="admin-login-form" onSubmit={(event) => void handleSubmit(event)} aria-busy={busy}>
      <TextField label={t('login.email')} name="email" type="email" autoComplete="username" required />
      <TextField label={t('login.password')} name="password" type="password" autoComplete="current-password" required />
      {problem ? (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
