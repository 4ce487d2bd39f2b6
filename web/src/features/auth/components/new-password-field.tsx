import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { Check, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  checkPasswordRules,
  PASSWORD_POLICY,
  type PasswordPolicy,
  type PasswordRuleCheck,
} from '@linea/shared/domain/password-policy';

export interface NewPasswordFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the rules, announced, and linked with aria-describedby. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
  /** @default PASSWORD_POLICY - the user pool's own rules */
  policy?: PasswordPolicy;
  /**
   * How long typing must pause before the progress is announced.
   *
   * @default 1000
   */
  announceDelayMs?: number;
}

/**
 * Tells screen-reader users how far the password is, once typing pauses and only when the
 * number of met rules changed since the last time: a polite summary, not a word per keystroke.
 */
function useProgressAnnouncement(value: string, checks: PasswordRuleCheck[], delayMs: number): string {
  const { t } = useTranslation();
  const met = checks.filter((check) => check.met).length;
  const total = checks.length;
  const [announcement, setAnnouncement] = useState('');
  const lastAnnounced = useRef(met);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (met === lastAnnounced.current) return;
      lastAnnounced.current = met;
      setAnnouncement(
        met === total ? t('auth.passwordRules.allMet') : t('auth.passwordRules.progress', { met, total }),
      );
    }, delayMs);
    return () => clearTimeout(timer);
    // `value` restarts the pause on every keystroke, even one that changes no rule.
  }, [value, met, total, delayMs, t]);
  return announcement;
}

/**
 * A new password with the pool's rules listed under it before anything is typed, each marked
 * met or not while the shopper types. The input is described by the rules (and the error), so
 * a screen reader reads them on focus.
 */
export function NewPasswordField({
  label,
  name,
  value,
  onChange,
  error,
  ref,
  policy = PASSWORD_POLICY,
  announceDelayMs = 1000,
}: NewPasswordFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const rulesId = `${id}-rules`;
  const rulesLabelId = `${id}-rules-label`;
  const errorId = `${id}-error`;
  const checks = checkPasswordRules(value, policy);
  const announcement = useProgressAnnouncement(value, checks, announceDelayMs);

  return (
    <div className="field new-password-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${rulesId} ${errorId}` : rulesId}
      />
      <div id={rulesId} className="password-rules">
        <p id={rulesLabelId} className="password-rules-label">
          {t('auth.passwordRules.label')}
        </p>
        <ul aria-labelledby={rulesLabelId}>
          {checks.map(({ rule, met }) => (
            <li key={rule} className="password-rule" data-met={met}>
              {met ? (
                <Check aria-hidden="true" size={14} strokeWidth={1.5} />
              ) : (
                <Minus aria-hidden="true" size={14} strokeWidth={1.5} />
              )}
              <span>
                {t(`auth.passwordRules.${rule}`, { min: policy.minLength })}
                <span className="visually-hidden">
                  {', '}
                  {met ? t('auth.passwordRules.met') : t('auth.passwordRules.unmet')}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
