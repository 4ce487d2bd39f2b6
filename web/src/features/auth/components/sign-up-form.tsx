import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasEdgeWhitespace, unmetPasswordRules } from '@linea/shared/domain/password-policy';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { NewPasswordField } from './new-password-field';

export interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * How a submitted sign-up ended, as far as the form cares: the panel has already said so in a
 * toast; the form marks the field concerned or offers to sign in instead.
 */
export type SignUpOutcome = 'done' | 'accountExists' | 'passwordRefused' | 'failed';

export interface SignUpFormProps {
  onSubmit: (values: SignUpValues) => Promise<SignUpOutcome>;
  /** The email already has an account: switch to signing in with it. */
  onSignInInstead: (email: string) => void;
}

type PasswordProblem = 'rules' | 'edgeSpace' | 'refused';

const PASSWORD_PROBLEM_TEXT = {
  rules: 'auth.passwordRulesUnmet',
  edgeSpace: 'auth.passwordEdgeSpace',
  refused: 'auth.errors.passwordTooWeak',
} as const satisfies Record<PasswordProblem, string>;

/**
 * The spec's sign-up: first name, last name, email and password required, and the confirmation
 * must match ('Passwords don't match'). The password must meet the user pool's rules, which are
 * listed under it and checked before anything is sent; should the pool still refuse it, the
 * field says so. An email that already has an account gets a way to sign in with it instead.
 */
export function SignUpForm({ onSubmit, onSignInInstead }: SignUpFormProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordProblem, setPasswordProblem] = useState<PasswordProblem>();
  const [existingEmail, setExistingEmail] = useState<string>();
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const offerRef = useRef<HTMLDivElement>(null);

  // The toast has said what happened; the way out is the next thing to reach.
  useEffect(() => {
    if (existingEmail) offerRef.current?.querySelector('button')?.focus();
  }, [existingEmail]);

  function refusePassword(problem: PasswordProblem) {
    setPasswordProblem(problem);
    passwordRef.current?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    if (hasEdgeWhitespace(password)) return refusePassword('edgeSpace');
    if (unmetPasswordRules(password).length > 0) return refusePassword('rules');
    if (password !== field('confirmPassword')) {
      setMismatch(true);
      confirmRef.current?.focus();
      return;
    }
    setMismatch(false);
    setBusy(true);
    const email = field('email').trim();
    let outcome: SignUpOutcome;
    try {
      outcome = await onSubmit({
        firstName: field('firstName').trim(),
        lastName: field('lastName').trim(),
        email,
        password,
      });
    } finally {
      setBusy(false);
    }
    if (outcome === 'passwordRefused') refusePassword('refused');
    if (outcome === 'accountExists') setExistingEmail(email);
  }

  return (
    <form className="auth-form" onSubmit={(event) => void handleSubmit(event)} aria-busy={busy}>
      <div className="field-row">
        <TextField label={t('auth.firstName')} name="firstName" autoComplete="given-name" required />
        <TextField label={t('auth.lastName')} name="lastName" autoComplete="family-name" required />
      </div>
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        required
        onChange={() => setExistingEmail(undefined)}
      />
      {existingEmail ? (
        <div ref={offerRef} className="auth-notice">
          <p>{t('auth.accountExistsNotice', { email: existingEmail })}</p>
          <Button variant="secondary" onClick={() => onSignInInstead(existingEmail)}>
            {t('auth.signInInstead')}
          </Button>
        </div>
      ) : null}
      <NewPasswordField
        ref={passwordRef}
        label={t('auth.password')}
        name="password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          setPasswordProblem(undefined);
        }}
        error={passwordProblem ? t(PASSWORD_PROBLEM_TEXT[passwordProblem]) : undefined}
      />
      <TextField
        ref={confirmRef}
        label={t('auth.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={mismatch ? t('auth.passwordsDontMatch') : undefined}
        onChange={() => setMismatch(false)}
      />
      <Button type="submit" disabled={busy}>
        {busy ? t('auth.signingUp') : t('auth.signUp')}
      </Button>
    </form>
  );
}
