import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';

/** The emailed code: offered by the phone's keyboard and one-time-code autofill. */
export function CodeField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.confirmSignUp.code')}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={12}
      required
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
