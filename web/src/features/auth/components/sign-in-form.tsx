import { useState, type FormEvent } from 'react';
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
}

export function SignInForm({ onSubmit, defaultEmail }: SignInFormProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

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
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={defaultEmail}
      />
      <TextField label={t('auth.password')} name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" disabled={busy}>
        {busy ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
    </form>
  );
}
