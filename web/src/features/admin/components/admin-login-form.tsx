import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { AuthFailure } from '../../../lib/auth/auth-failure';
import * as session from '../../../lib/auth/session';
import { useSessionStore } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';
import { meQuery } from '../../account/api/get-me';
import { authErrorToast, authProblem } from '../../auth/auth-errors';
import { ADMIN_NAMESPACE } from '../i18n';

const TOAST_KEY = 'admin-login';

/** Cognito's answers to a wrong authenticator code: at sign-in, and when confirming a new app. */
const WRONG_TOTP_CODE = new Set(['CodeMismatchException', 'EnableSoftwareTokenMFAException']);

/**
 * `credentials`: email and password. `totpCode`: the account has an authenticator app and
 * Cognito waits for its code. `totpSetup`: an admin without one, signed in as a customer only
 * (the cloud's admin TOTP guard), adds the new key to an app and confirms it with a code.
 */
type Stage = { kind: 'credentials' } | { kind: 'totpCode' } | { kind: 'totpSetup'; setup: session.TotpSetup };

/**
 * /admin-login (spec §2) on Cognito: the email and password of an account in the `admin` group,
 * then the code of its authenticator app. A wrong password and an account without the group get
 * the same answer, 'Access Denied'; the latter is signed out again, so the browser keeps no
 * session that the back office refused.
 */
export function AdminLoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { t: tShop } = useTranslation();
  const queryClient = useQueryClient();
  const signIn = useSessionStore((state) => state.signIn);
  const confirmTotp = useSessionStore((state) => state.confirmTotp);
  const signOut = useSessionStore((state) => state.signOut);
  const [stage, setStage] = useState<Stage>({ kind: 'credentials' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [codeProblem, setCodeProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  function deny(description: string, title: string = t('login.denied')) {
    setProblem(`${title}: ${description}`);
    toast.error(title, { description, key: TOAST_KEY });
  }

  function failed(action: 'signIn', err: unknown) {
    deny(tShop(authErrorToast(action, authProblem(action, err)).description), t('login.failed'));
  }

  function startOver() {
    setStage({ kind: 'credentials' });
    setCode('');
    setCodeProblem(undefined);
  }

  /** Signed in: into the back office if the token says admin, else set up TOTP or be refused. */
  async function enter(signedInEmail: string) {
    try {
      const me = await queryClient.fetchQuery({ ...meQuery(), staleTime: 0 });
      if (!me.isAdmin) {
        if (await session.adminNeedsTotp()) {
          setStage({ kind: 'totpSetup', setup: await session.startTotpSetup(signedInEmail) });
          return;
        }
        await signOut().catch(() => undefined);
        deny(t('login.invalidPassword'));
        return;
      }
    } catch {
      await signOut().catch(() => undefined);
      startOver();
      deny(tShop('errors.INTERNAL'), t('login.failed'));
      return;
    }
    toast.success(t('login.welcome'), { key: TOAST_KEY });
    onSignedIn();
  }

  async function submitCredentials(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const typedEmail = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    setBusy(true);
    setProblem(undefined);
    try {
      const outcome = await signIn(typedEmail, password);
      setEmail(typedEmail);
      if (outcome === 'totpCode') {
        setStage({ kind: 'totpCode' });
        return;
      }
      await enter(typedEmail);
    } catch (err) {
      const reason = authProblem('signIn', err);
      if (reason === 'invalidCredentials') deny(t('login.invalidPassword'));
      else failed('signIn', err);
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const current = stage;
    setBusy(true);
    setProblem(undefined);
    setCodeProblem(undefined);
    try {
      if (current.kind === 'totpCode') {
        await confirmTotp(code.trim());
        await enter(email);
      } else if (current.kind === 'totpSetup') {
        await session.finishTotpSetup(code.trim());
        // The new factor counts from the next sign-in on, which asks for a code from the app.
        await signOut().catch(() => undefined);
        startOver();
        toast.success(t('login.setupDone'), { description: t('login.setupDoneDescription'), key: TOAST_KEY });
      }
    } catch (err) {
      if (err instanceof AuthFailure && WRONG_TOTP_CODE.has(err.reason)) {
        setCodeProblem(t('login.totpInvalid'));
        return;
      }
      // Anything else (an expired sign-in session, the network): from the start.
      await signOut().catch(() => undefined);
      startOver();
      failed('signIn', err);
    } finally {
      setBusy(false);
    }
  }

  const alert = problem ? (
    <p className="form-alert" role="alert">
      {problem}
    </p>
  ) : null;

  if (stage.kind === 'credentials') {
    return (
      <form
        key="credentials"
        className="admin-login-form"
        onSubmit={(event) => void submitCredentials(event)}
        aria-busy={busy}
      >
        <TextField label={t('login.email')} name="email" type="email" autoComplete="username" required />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        {alert}
        <Button type="submit" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
    );
  }

  return (
    <form key={stage.kind} className="admin-login-form" onSubmit={(event) => void submitCode(event)} aria-busy={busy}>
      {stage.kind === 'totpSetup' ? (
        <>
          <h2>{t('login.setupTitle')}</h2>
          <p>{t('login.setupIntro')}</p>
          <p>
            {t('login.setupKey')}: <code className="totp-key">{stage.setup.secret}</code>
          </p>
          <p>
            <a href={stage.setup.uri}>{t('login.setupLink')}</a>
          </p>
        </>
      ) : (
        <p>{t('login.totpIntro')}</p>
      )}
      <TextField
        label={t('login.totpCode')}
        name="totp"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        required
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={codeProblem}
      />
      {alert}
      <Button type="submit" disabled={busy}>
        {busy ? t('login.verifying') : t('login.verify')}
      </Button>
    </form>
  );
}
