import { CodeField } from './code-field';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasEdgeWhitespace, unmetPasswordRules } from '@linea/shared/domain/password-policy';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { AuthProblem } from '../auth-errors';
import { NewPasswordField } from './new-password-field';
import { CODE_PATTERN, normaliseCode, StepHeading } from './step-heading';

/** How setting the new password ended, as far as the form cares; other problems the panel toasts. */
export type ResetOutcome = 'done' | Extract<AuthProblem, 'codeMismatch' | 'codeExpired' | 'passwordTooWeak'> | 'failed';

export interface ForgotPasswordProps {
  /** What was typed in the sign-in form's email field, if anything. */
  defaultEmail?: string;
  /** Asks for a code; false when the request failed (the panel has said why). */
  onRequest: (email: string) => Promise<boolean>;
  onReset: (email: string, code: string, newPassword: string) => Promise<ResetOutcome>;
  /** A new code was asked for on the second step (the panel says so, in the same neutral words). */
  onResent: (email: string) => void;
  /** Back to sign-in, with this email filled in. */
  onBack: (email: string) => void;
}

type PasswordProblem = 'rules' | 'edgeSpace' | 'refused';

const PASSWORD_PROBLEM_TEXT = {
  rules: 'auth.passwordRulesUnmet',
  edgeSpace: 'auth.passwordEdgeSpace',
  refused: 'auth.errors.passwordTooWeak',
} as const satisfies Record<PasswordProblem, string>;

/**
 * A forgotten password in two steps: the email, then the emailed code with a new password (the
 * pool's rules listed and checked as at sign-up). The second step reads the same whether or not
 * the email has an account, so the form never tells who is a customer.
 */
export function ForgotPassword({ defaultEmail = '', onRequest, onReset, onResent, onBack }: ForgotPasswordProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<'request' | 'reset'>('request');
  const [email, setEmail] = useState(defaultEmail);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [password, setPassword] = useState('');
  const [passwordProblem, setPasswordProblem] = useState<PasswordProblem>();
  const [mismatch, setMismatch] = useState(false);

  async function request(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    setBusy(true);
    try {
      if (await onRequest(address)) {
        setEmail(address);
        setPhase('reset');
      }
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    try {
      if (await onRequest(email)) {
        setCode('');
        setCodeError(undefined);
        onResent(email);
      }
    } finally {
      setBusy(false);
    }
  }

  async function reset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const typed = normaliseCode(code);
    if (!CODE_PATTERN.test(typed)) return setCodeError(t('auth.confirmSignUp.codeFormat'));
    if (hasEdgeWhitespace(password)) return setPasswordProblem('edgeSpace');
    if (unmetPasswordRules(password).length > 0) return setPasswordProblem('rules');
    if (password !== String(data.get('confirmNewPassword') ?? '')) return setMismatch(true);
    setBusy(true);
    try {
      const outcome = await onReset(email, typed, password);
      if (outcome === 'codeMismatch' || outcome === 'codeExpired') setCodeError(t(`auth.errors.${outcome}`));
      if (outcome === 'passwordTooWeak') setPasswordProblem('refused');
    } finally {
      setBusy(false);
    }
  }

  if (phase === 'request') {
    return (
      <div className="auth-step">
        <StepHeading>{t('auth.forgotPassword.heading')}</StepHeading>
        <p className="muted auth-intro">{t('auth.forgotPassword.intro')}</p>
        <form className="auth-form" onSubmit={(event) => void request(event)} aria-busy={busy}>
          <TextField
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" disabled={busy}>
            {busy ? t('auth.forgotPassword.submitting') : t('auth.forgotPassword.submit')}
          </Button>
          <div className="auth-step-actions">
            <Button variant="ghost" onClick={() => onBack(email.trim())}>
              {t('auth.forgotPassword.backToSignIn')}
            </Button>
          </div>
        </form>
      </div>
    );
  }

  return (
    <div className="auth-step" key="reset">
      <StepHeading>{t('auth.forgotPassword.codeHeading')}</StepHeading>
      <p className="muted auth-intro">{t('auth.forgotPassword.codeIntro', { email })}</p>
      <form className="auth-form" onSubmit={(event) => void reset(event)} aria-busy={busy} noValidate>
        {/* The account's name, for password managers to store the new password under. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <CodeField
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setCodeError(undefined);
          }}
          error={codeError}
        />
        <NewPasswordField
          label={t('auth.forgotPassword.newPassword')}
          name="newPassword"
          value={password}
          onChange={(value) => {
            setPassword(value);
            setPasswordProblem(undefined);
          }}
          error={passwordProblem ? t(PASSWORD_PROBLEM_TEXT[passwordProblem]) : undefined}
        />
        <TextField
          label={t('auth.forgotPassword.confirmNewPassword')}
          name="confirmNewPassword"
          type="password"
          autoComplete="new-password"
          required
          error={mismatch ? t('auth.passwordsDontMatch') : undefined}
          onChange={() => setMismatch(false)}
        />
        <Button type="submit" disabled={busy}>
          {busy ? t('auth.forgotPassword.saving') : t('auth.forgotPassword.save')}
        </Button>
        <div className="auth-step-actions">
          <Button variant="ghost" onClick={() => void resend()} disabled={busy}>
            {t('auth.forgotPassword.resend')}
          </Button>
          <Button variant="ghost" onClick={() => onBack(email)}>
            {t('auth.forgotPassword.backToSignIn')}
          </Button>
        </div>
      </form>
    </div>
  );
}
