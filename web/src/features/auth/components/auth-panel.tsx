import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSessionStore } from '../../../stores/session-store';
import { toast, useToastStore } from '../../../stores/toast-store';
import { authErrorToast, authProblem, type AuthAction } from '../auth-errors';
import { SignInForm, type SignInValues } from './sign-in-form';
import { SignUpForm, type SignUpOutcome, type SignUpValues } from './sign-up-form';
import '../auth.css';

type Mode = 'signIn' | 'signUp';

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
function useReservedPanelHeight(language: string) {
  const panelsRef = useRef<HTMLDivElement>(null);
  const [measuring, setMeasuring] = useState(true);
  const [reserved, setReserved] = useState(0);
  const firstLanguage = useRef(language);

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
  }, []);

  return { panelsRef, measuring, reserved };
}

/**
 * Sign-in and sign-up as two tabs. After a sign-up it returns to sign-in with the email filled
 * in. Refusals get the spec's toast titles with our own translated description, never the
 * provider's text; a later success takes back the error toasts this panel raised.
 */
export function AuthPanel({ onSignedIn }: AuthPanelProps) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<Mode>('signIn');
  // A new value remounts the sign-in form with this email in it.
  const [signInPrefill, setSignInPrefill] = useState<{ email: string; serial: number }>();
  const signIn = useSessionStore((state) => state.signIn);
  const signUp = useSessionStore((state) => state.signUp);
  const errorToastIds = useRef<number[]>([]);
  const { panelsRef, measuring, reserved } = useReservedPanelHeight(i18n.language);

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
    setMode('signIn');
  }

  async function handleSignIn({ email, password }: SignInValues) {
    try {
      await signIn(email, password);
    } catch (err) {
      showError('signIn', err);
      return;
    }
    dismissErrors();
    toast.success(t('auth.loginSucceeded'), t('auth.loginSucceededDescription'));
    onSignedIn();
  }

  async function handleSignUp(values: SignUpValues): Promise<SignUpOutcome> {
    try {
      await signUp(values);
    } catch (err) {
      const problem = showError('signUp', err);
      if (problem === 'accountExists') return 'accountExists';
      if (problem === 'passwordTooWeak') return 'passwordRefused';
      return 'failed';
    }
    dismissErrors();
    toast.success(t('auth.signUpSucceeded'), t('auth.signUpSucceededDescription'));
    switchToSignIn(values.email);
    return 'done';
  }

  return (
    <div className="auth-panel">
      <p className="eyebrow">{t('brand.name')}</p>
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
    </div>
  );
}
