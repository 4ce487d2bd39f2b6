import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';

export interface SignInValues {
  email: string;
  password: string;
}

export interface SignInFormProps {
  onSubmit: (values: SignInValues) => Promise<void>;
  defaultEmail?: string;
  /** Called once the form is shown, with its password field (e.g. to focus it). */
  onShown?: (password: HTMLInputElement) => void;
  /** 'Forgot password?': called with what the email field holds. */
  onForgotPassword?: (email: string) => void;
}

export function SignInForm({ onSubmit, defaultEmail, onShown, onForgotPassword }: SignInFormProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  // Once per mount (a mount event, not a sync with props), and not when rendered in the
  // inactive tab only to be measured.
  useEffect(() => {
    const password = passwordRef.current;
    if (password && !password.closest('[hidden], [data-state="inactive"]')) onShown?.(password);
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await onSubmit({ email: String(data.get('email') ?? '').trim(), password: String(data.get('password') ?? '') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={(event) => void handleSubmit(event)} aria-busy={busy}>
      <TextField
        ref={emailRef}
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={defaultEmail}
      />
      <TextField
        ref={passwordRef}
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" disabled={busy}>
        {busy ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
      {onForgotPassword ? (
        <div className="auth-step-actions">
          <Button variant="ghost" onClick={() => onForgotPassword(emailRef.current?.value.trim() ?? '')}>
            {t('auth.forgotPassword.link')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
