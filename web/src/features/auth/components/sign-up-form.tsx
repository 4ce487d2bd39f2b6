import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';

export interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export interface SignUpFormProps {
  onSubmit: (values: SignUpValues) => Promise<void>;
}

/**
 * The spec's sign-up: first name, last name, email and password required, and the confirmation
 * must match ('Passwords don't match'). Password strength is the user pool's rule; its message
 * arrives with 'Sign up failed'.
 */
export function SignUpForm({ onSubmit }: SignUpFormProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const confirmRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    if (field('password') !== field('confirmPassword')) {
      setMismatch(true);
      confirmRef.current?.focus();
      return;
    }
    setMismatch(false);
    setBusy(true);
    try {
      await onSubmit({
        firstName: field('firstName').trim(),
        lastName: field('lastName').trim(),
        email: field('email').trim(),
        password: field('password'),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={(event) => void handleSubmit(event)} aria-busy={busy}>
      <div className="field-row">
        <TextField label={t('auth.firstName')} name="firstName" autoComplete="given-name" required />
        <TextField label={t('auth.lastName')} name="lastName" autoComplete="family-name" required />
      </div>
      <TextField label={t('auth.email')} name="email" type="email" autoComplete="email" required />
      <TextField label={t('auth.password')} name="password" type="password" autoComplete="new-password" required />
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
