import { CodeField } from './code-field';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { AuthProblem } from '../auth-errors';
import { CODE_PATTERN, normaliseCode, StepHeading } from './step-heading';

/** What typing a code ended in, as far as the field cares: a refused code is said at the field. */
export type CodeOutcome = 'done' | Extract<AuthProblem, 'codeMismatch' | 'codeExpired'> | 'failed';

export interface ConfirmSignUpStepProps {
  email: string;
  onConfirm: (code: string) => Promise<CodeOutcome>;
  onResend: () => Promise<void>;
  /** Back to the sign-up form, to use another address. */
  onChangeEmail: () => void;
}

/**
 * After signing up: the code emailed to the new address confirms the account (and proves the
 * address is the shopper's). The code field invites the browser's one-time-code autofill.
 */
export function ConfirmSignUpStep({ email, onConfirm, onResend, onChangeEmail }: ConfirmSignUpStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = normaliseCode(code);
    if (!CODE_PATTERN.test(typed)) {
      setCodeError(t('auth.confirmSignUp.codeFormat'));
      return;
    }
    setBusy(true);
    try {
      const outcome = await onConfirm(typed);
      if (outcome === 'codeMismatch' || outcome === 'codeExpired') setCodeError(t(`auth.errors.${outcome}`));
    } finally {
      setBusy(false);
    }
  }

  async function handleResend() {
    setResending(true);
    try {
      await onResend();
      setCode('');
      setCodeError(undefined);
    } finally {
      setResending(false);
    }
  }

  return (
    <div className="auth-step">
      <StepHeading>{t('auth.confirmSignUp.heading')}</StepHeading>
      <p className="muted auth-intro">{t('auth.confirmSignUp.intro', { email })}</p>
      <form className="auth-form" onSubmit={(event) => void handleSubmit(event)} aria-busy={busy} noValidate>
        <CodeField
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setCodeError(undefined);
          }}
          error={codeError}
        />
        <Button type="submit" disabled={busy}>
          {busy ? t('auth.confirmSignUp.submitting') : t('auth.confirmSignUp.submit')}
        </Button>
        <div className="auth-step-actions">
          <Button variant="ghost" onClick={() => void handleResend()} disabled={resending}>
            {t('auth.confirmSignUp.resend')}
          </Button>
          <Button variant="ghost" onClick={onChangeEmail}>
            {t('auth.confirmSignUp.changeEmail')}
          </Button>
        </div>
      </form>
    </div>
  );
}
