import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isPasswordAcceptable } from '@linea/shared/domain/password-policy';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import * as session from '../../../lib/auth/session';
import { toast } from '../../../stores/toast-store';
import { authErrorToast, authProblem } from '../../auth/auth-errors';
import { NewPasswordField } from '../../auth/components/new-password-field';
import { meQuery } from '../api/get-me';

/** First and last name, kept in Cognito (the token carries them to the API and the greeting). */
export function NameForm({ firstName, lastName }: { firstName: string; lastName: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const [names, setNames] = useState({ firstName, lastName });
  const [missing, setMissing] = useState(false);
  const save = useMutation({
    mutationFn: () => session.updateNames(names.firstName.trim(), names.lastName.trim()),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
      toast.success(t('dashboard.profile.namesSaved'), { key: 'profile:names' });
    },
    onError: (err) => {
      const { description } = authErrorToast('signUp', authProblem('signUp', err));
      toast.error(t('dashboard.profile.namesFailed'), { description: t(description), key: 'profile:names' });
    },
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const blank = !names.firstName.trim() || !names.lastName.trim();
    setMissing(blank);
    if (!blank) save.mutate();
  }
  const required = (value: string) => (missing && !value.trim() ? t('checkout.required') : undefined);
  return (
    <form className="account-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>{t('dashboard.profile.namesHeading')}</h3>
      <div className="field-row">
        <TextField
          label={t('checkout.firstName')}
          name="firstName"
          autoComplete="given-name"
          maxLength={100}
          required
          value={names.firstName}
          onChange={(event) => setNames((current) => ({ ...current, firstName: event.target.value }))}
          error={required(names.firstName)}
        />
        <TextField
          label={t('checkout.lastName')}
          name="lastName"
          autoComplete="family-name"
          maxLength={100}
          required
          value={names.lastName}
          onChange={(event) => setNames((current) => ({ ...current, lastName: event.target.value }))}
          error={required(names.lastName)}
        />
      </div>
      <div className="account-form-actions">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('dashboard.profile.savingNames') : t('dashboard.profile.saveNames')}
        </Button>
      </div>
    </form>
  );
}

/** Current, new and repeated password; the pool's rules shown and checked while typing. */
export function PasswordForm() {
  const { t } = useTranslation();
  const headingId = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeated, setRepeated] = useState('');
  const [problems, setProblems] = useState<{ current?: string; next?: string; repeated?: string }>({});
  const change = useMutation({
    mutationFn: () => session.changePassword(current, next),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setRepeated('');
      toast.success(t('dashboard.profile.passwordChanged'), {
        description: t('dashboard.profile.passwordChangedDescription'),
        key: 'profile:password',
      });
    },
    onError: (err) => {
      const problem = authProblem('changePassword', err);
      const { description } = authErrorToast('changePassword', problem);
      toast.error(t('dashboard.profile.passwordFailed'), { description: t(description), key: 'profile:password' });
      if (problem === 'wrongCurrentPassword') setProblems({ current: t('auth.errors.wrongCurrentPassword') });
      if (problem === 'passwordTooWeak') setProblems({ next: t('auth.errors.passwordTooWeak') });
    },
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      ...(current ? {} : { current: t('checkout.required') }),
      ...(isPasswordAcceptable(next) ? {} : { next: t('auth.errors.passwordTooWeak') }),
      ...(repeated === next ? {} : { repeated: t('auth.passwordsDontMatch') }),
    };
    setProblems(found);
    if (Object.keys(found).length === 0) change.mutate();
  }
  return (
    <form className="account-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>{t('dashboard.profile.passwordHeading')}</h3>
      <TextField
        label={t('dashboard.profile.currentPassword')}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={problems.current}
      />
      <NewPasswordField
        label={t('dashboard.profile.newPassword')}
        name="newPassword"
        value={next}
        onChange={setNext}
        error={problems.next}
      />
      <TextField
        label={t('dashboard.profile.confirmNewPassword')}
        name="confirmNewPassword"
        type="password"
        autoComplete="new-password"
        required
        value={repeated}
        onChange={(event) => setRepeated(event.target.value)}
        error={problems.repeated}
      />
      <div className="account-form-actions">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? t('dashboard.profile.changingPassword') : t('dashboard.profile.changePassword')}
        </Button>
      </div>
    </form>
  );
}
