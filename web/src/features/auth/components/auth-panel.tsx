import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ADDITIONAL_STEP, AuthFailure } from '../../../lib/auth/auth-failure';
import { useSessionStore } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';
import { SignInForm, type SignInValues } from './sign-in-form';
import { SignUpForm, type SignUpValues } from './sign-up-form';
import '../auth.css';

type Mode = 'signIn' | 'signUp';

export interface AuthPanelProps {
  /** Where to go after a successful sign-in (the route decides: /dashboard). */
  onSignedIn: () => void;
}

/**
 * Sign-in and sign-up as two tabs. After a sign-up it returns to sign-in with the email filled
 * in; provider refusals show the provider's message, anything else a generic one.
 */
export function AuthPanel({ onSignedIn }: AuthPanelProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('signIn');
  const [signedUpEmail, setSignedUpEmail] = useState<string | undefined>();
  const signIn = useSessionStore((state) => state.signIn);
  const signUp = useSessionStore((state) => state.signUp);

  async function handleSignIn({ email, password }: SignInValues) {
    try {
      await signIn(email, password);
    } catch (err) {
      if (err instanceof AuthFailure) {
        toast.error(
          t('auth.loginFailed'),
          err.reason === ADDITIONAL_STEP ? t('auth.additionalStepRequired') : err.message,
        );
      } else {
        toast.error(t('auth.errorTitle'), t('auth.errorDescription'));
      }
      return;
    }
    toast.success(t('auth.loginSucceeded'), t('auth.loginSucceededDescription'));
    onSignedIn();
  }

  async function handleSignUp(values: SignUpValues) {
    try {
      await signUp(values);
    } catch (err) {
      if (err instanceof AuthFailure) toast.error(t('auth.signUpFailed'), err.message);
      else toast.error(t('auth.errorTitle'), t('auth.errorDescription'));
      return;
    }
    toast.success(t('auth.signUpSucceeded'), t('auth.signUpSucceededDescription'));
    setSignedUpEmail(values.email);
    setMode('signIn');
  }

  return (
    <div className="auth-panel">
      <p className="eyebrow">{t('brand.name')}</p>
      <h1>{mode === 'signIn' ? t('auth.signInHeading') : t('auth.signUpHeading')}</h1>
      <p className="muted auth-intro">{mode === 'signIn' ? t('auth.signInIntro') : t('auth.signUpIntro')}</p>
      <Tabs value={mode} onValueChange={(value) => setMode(value as Mode)} className="auth-tabs">
        <TabsList aria-label={t('auth.modeLabel')}>
          <TabsTrigger value="signIn">{t('auth.signInTab')}</TabsTrigger>
          <TabsTrigger value="signUp">{t('auth.signUpTab')}</TabsTrigger>
        </TabsList>
        <TabsContent value="signIn">
          <SignInForm onSubmit={handleSignIn} defaultEmail={signedUpEmail} />
        </TabsContent>
        <TabsContent value="signUp">
          <SignUpForm onSubmit={handleSignUp} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
