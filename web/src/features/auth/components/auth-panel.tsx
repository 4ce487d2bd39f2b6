import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ADDITIONAL_STEP, AuthFailure } from '../../../lib/auth/auth-failure';
import * as session from '../../../lib/auth/session';
import { useSessionStore } from '../../../stores/session-store';
import { toast, useToastStore } from '../../../stores/toast-store';
import { authErrorToast, authProblem, type AuthAction } from '../auth-errors';
import { ConfirmSignUpStep, type CodeOutcome } from './confirm-sign-up-step';
import { ForgotPassword, type ResetOutcome } from './forgot-password';
import { SignInForm, type SignInValues } from './sign-in-form';
import { SignUpForm, type SignUpOutcome, type SignUpValues } from './sign-up-form';
import '../auth.css';

type Mode = 'signIn' | 'signUp';

/**
 * A step shown instead of the tabs: the code that confirms a new account (the password stays in
 * memory to sign in once it is confirmed), or a forgotten password.
 */
type Step = { kind: 'confirmSignUp'; email: string; password: string } | { kind: 'forgotPassword'; email: string };

export interface AuthPanelProps {
  /** Where to go after a successful sign-in (the route decides: where the shopper came from, or /dashboard). */
  onSignedIn: () => void;
}

/**
 * Both texts in one grid cell, the inactive one invisible: the element is as tall as the longer
 * text in every language, so switching modes moves nothing below it. Only the active text is
 * read (the other is hidden from assistive technology and from `innerText`).
 */
function SwapText({ active, texts }: { active: Mode; texts: Record<Mode, string> }) {
  return (
    <span className="auth-swap">
      {(Object.keys(texts) as Mode[]).map((mode) => (
        <span key={mode} aria-hidden={mode === active ? undefined : true}>
          {texts[mode]}
        </span>
      ))}
    </span>
  );
}

/** Rounded up: a reservation a fraction of a pixel short would still let the footer move. */
const heightOf = (element: Element) => Math.ceil(element.getBoundingClientRect().height);

/**
 * Keeps the tab panels' box as tall as the taller of the two, so switching tabs moves neither
 * the page's footer nor (the panel being centred beside the picture on wide screens) the
 * heading and the tab list. Both panels are rendered for one layout pass to measure them (in
 * the same task, so nothing outside React ever sees the hidden one), again when the width,
 * the fonts or the language change; a panel that grows (an error, an offer) raises the floor.
 */
function useReservedPanelHeight(language: string, shown: boolean) {
  const panelsRef = useRef<HTMLDivElement>(null);
  const [measuring, setMeasuring] = useState(true);
  const [reserved, setReserved] = useState(0);
  const firstLanguage = useRef(language);
  const hidden = useRef(false);

  useLayoutEffect(() => {
    if (!measuring) return;
    const panels = [...(panelsRef.current?.children ?? [])];
    setReserved(Math.max(0, ...panels.map(heightOf)));
    setMeasuring(false);
  }, [measuring]);

  useEffect(() => {
    if (language !== firstLanguage.current) setMeasuring(true);
  }, [language]);

  useEffect(() => {
    // The tabs are away while a step (a code, a forgotten password) is shown; measured anew on return.
    if (!shown) {
      hidden.current = true;
      return;
    }
    if (hidden.current) {
      hidden.current = false;
      setMeasuring(true);
    }
    const panels = panelsRef.current;
    let cancelled = false;
    void document.fonts?.ready.then(() => {
      if (!cancelled) setMeasuring(true);
    });
    if (!panels || typeof ResizeObserver === 'undefined') {
      return () => {
        cancelled = true;
      };
    }
    let width = panels.getBoundingClientRect().width;
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        if (entry.target === panels) {
          if (Math.abs(entry.contentRect.width - width) < 0.5) continue;
          width = entry.contentRect.width;
          setMeasuring(true);
        } else {
          const height = heightOf(entry.target);
          setReserved((current) => Math.max(current, height));
        }
      }
    });
    observer.observe(panels);
    for (const panel of panels.children) observer.observe(panel);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [shown]);

  return { panelsRef, measuring, reserved };
}

/**
 * Sign-in and sign-up as two tabs. After a sign-up the code emailed to the new address confirms
 * the account, and the shopper is signed in at once; a sign-in of an account not confirmed yet
 * sends a new code and asks for it the same way. 'Forgot password?' resets the password with a
 * code sent to the (verified) email and signs in with the new one. Refusals get the spec's toast
 * titles with our own translated description, never the provider's text; a later success takes
 * back the error toasts this panel raised.
 */
export function AuthPanel({ onSignedIn }: AuthPanelProps) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<Mode>('signIn');
  // A new value remounts the sign-in form with this email in it.
  const [signInPrefill, setSignInPrefill] = useState<{ email: string; serial: number }>();
  const [step, setStep] = useState<Step>();
  // The code emails are written in the page's language.
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const signInWithAnyOutcome = useSessionStore((state) => state.signIn);
  // An account with an authenticator app (an admin's) signs in at /admin-login, which asks for its code.
  const signIn = async (email: string, password: string): Promise<void> => {
    if ((await signInWithAnyOutcome(email, password)) === 'totpCode') {
      throw new AuthFailure(ADDITIONAL_STEP, 'CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    }
  };
  const signUp = useSessionStore((state) => state.signUp);
  const errorToastIds = useRef<number[]>([]);
  const { panelsRef, measuring, reserved } = useReservedPanelHeight(i18n.language, step === undefined);

  // Set when the panel switches to sign-in by itself: the control that was used is gone then.
  const focusPasswordNext = useRef(false);

  function showError(action: AuthAction, err: unknown) {
    const problem = authProblem(action, err);
    const { title, description } = authErrorToast(action, problem);
    errorToastIds.current.push(toast.error(t(title), t(description)));
    return problem;
  }

  function dismissErrors() {
    const { dismiss } = useToastStore.getState();
    errorToastIds.current.forEach(dismiss);
    errorToastIds.current = [];
  }

  function switchToSignIn(email: string) {
    focusPasswordNext.current = true;
    setSignInPrefill((current) => ({ email, serial: (current?.serial ?? 0) + 1 }));
    setStep(undefined);
    setMode('signIn');
  }

  /** Asks for the code of an account that was never confirmed, then for the shopper to type it. */
  async function confirmLater(email: string, password: string) {
    try {
      await session.resendSignUpCode(email, locale);
    } catch (err) {
      showError('confirmSignUp', err);
      return;
    }
    dismissErrors();
    setStep({ kind: 'confirmSignUp', email, password });
  }

  async function handleSignIn({ email, password }: SignInValues) {
    try {
      await signIn(email, password);
    } catch (err) {
      if (authProblem('signIn', err) === 'notConfirmed') {
        await confirmLater(email, password);
        return;
      }
      showError('signIn', err);
      return;
    }
    dismissErrors();
    toast.success(t('auth.loginSucceeded'), t('auth.loginSucceededDescription'));
    onSignedIn();
  }

  async function handleSignUp(values: SignUpValues): Promise<SignUpOutcome> {
    try {
      await signUp({ ...values, locale });
    } catch (err) {
      const problem = showError('signUp', err);
      if (problem === 'accountExists') return 'accountExists';
      if (problem === 'passwordTooWeak') return 'passwordRefused';
      return 'failed';
    }
    dismissErrors();
    setStep({ kind: 'confirmSignUp', email: values.email, password: values.password });
    return 'done';
  }

  async function handleConfirm(email: string, password: string, code: string): Promise<CodeOutcome> {
    try {
      await session.confirmSignUp(email, code);
    } catch (err) {
      const problem = authProblem('confirmSignUp', err);
      if (problem === 'codeMismatch' || problem === 'codeExpired') return problem;
      showError('confirmSignUp', err);
      return 'failed';
    }
    return signInAfterCode(email, password, t('auth.signUpSucceeded'), t('auth.signUpSucceededDescription'));
  }

  /**
   * The code worked (account confirmed, or password reset): sign in with the password still in
   * the form. If that fails (e.g. offline), sign-in mode with the email filled in.
   */
  async function signInAfterCode(
    email: string,
    password: string,
    title: string,
    description: string,
  ): Promise<'done' | 'failed'> {
    try {
      await signIn(email, password);
    } catch (err) {
      showError('signIn', err);
      switchToSignIn(email);
      return 'failed';
    }
    dismissErrors();
    toast.success(title, description);
    onSignedIn();
    return 'done';
  }

  async function handleResend(email: string) {
    try {
      await session.resendSignUpCode(email, locale);
    } catch (err) {
      showError('confirmSignUp', err);
      return;
    }
    dismissErrors();
    toast.success(t('auth.confirmSignUp.resent'), t('auth.confirmSignUp.resentDescription', { email }));
  }

  async function handleResetRequest(email: string): Promise<boolean> {
    try {
      await session.requestPasswordReset(email, locale);
    } catch (err) {
      // No account, or none whose email was verified: the same answer as a sent code.
      if (authProblem('requestPasswordReset', err) !== 'accountUnknown') {
        showError('requestPasswordReset', err);
        return false;
      }
    }
    dismissErrors();
    return true;
  }

  async function handleReset(email: string, code: string, newPassword: string): Promise<ResetOutcome> {
    try {
      await session.confirmPasswordReset(email, code, newPassword);
    } catch (err) {
      const problem = authProblem('confirmPasswordReset', err);
      if (problem === 'codeMismatch' || problem === 'codeExpired' || problem === 'passwordTooWeak') return problem;
      showError('confirmPasswordReset', err);
      return 'failed';
    }
    return signInAfterCode(
      email,
      newPassword,
      t('auth.forgotPassword.succeeded'),
      t('auth.forgotPassword.succeededDescription'),
    );
  }

  function renderStep(current: Step) {
    if (current.kind === 'confirmSignUp') {
      return (
        <ConfirmSignUpStep
          email={current.email}
          onConfirm={(code) => handleConfirm(current.email, current.password, code)}
          onResend={() => handleResend(current.email)}
          onChangeEmail={() => {
            setStep(undefined);
            setMode('signUp');
          }}
        />
      );
    }
    return (
      <ForgotPassword
        defaultEmail={current.email}
        onRequest={handleResetRequest}
        onReset={handleReset}
        onResent={(email) =>
          toast.success(t('auth.forgotPassword.resent'), t('auth.forgotPassword.resentDescription', { email }))
        }
        onBack={switchToSignIn}
      />
    );
  }

  return (
    <div className="auth-panel">
      <p className="eyebrow">{t('brand.name')}</p>
      {step ? (
        renderStep(step)
      ) : (
        <>
          <h1>
            <SwapText active={mode} texts={{ signIn: t('auth.signInHeading'), signUp: t('auth.signUpHeading') }} />
          </h1>
          <p className="muted auth-intro">
            <SwapText active={mode} texts={{ signIn: t('auth.signInIntro'), signUp: t('auth.signUpIntro') }} />
          </p>
          <Tabs value={mode} onValueChange={(value) => setMode(value as Mode)} className="auth-tabs">
            <TabsList aria-label={t('auth.modeLabel')}>
              <TabsTrigger value="signIn">{t('auth.signInTab')}</TabsTrigger>
              <TabsTrigger value="signUp">{t('auth.signUpTab')}</TabsTrigger>
            </TabsList>
            <div
              ref={panelsRef}
              className="auth-panels"
              data-measuring={measuring || undefined}
              style={reserved ? { minHeight: `${reserved}px` } : undefined}
            >
              {/* The panels render their content themselves (not Radix), so that both are there in the
              very render that measures them. */}
              <TabsContent value="signIn" forceMount hidden={mode !== 'signIn' && !measuring}>
                {mode === 'signIn' || measuring ? (
                  <SignInForm
                    key={signInPrefill?.serial ?? 0}
                    onSubmit={handleSignIn}
                    defaultEmail={signInPrefill?.email}
                    onShown={(password) => {
                      if (!focusPasswordNext.current) return;
                      focusPasswordNext.current = false;
                      password.focus();
                    }}
                    onForgotPassword={(email) => setStep({ kind: 'forgotPassword', email })}
                  />
                ) : null}
              </TabsContent>
              <TabsContent value="signUp" forceMount hidden={mode !== 'signUp' && !measuring}>
                {mode === 'signUp' || measuring ? (
                  <SignUpForm onSubmit={handleSignUp} onSignInInstead={switchToSignIn} />
                ) : null}
              </TabsContent>
            </div>
          </Tabs>
        </>
      )}
    </div>
  );
}
