import { loadRuntimeConfig, peekRuntimeConfig } from '../../config/runtime-config';
import type * as AmplifyAuthModule from './amplify-auth';
import type { SignInOutcome, SignUpInput, TotpSetup } from './amplify-auth';
import { hasStoredSession } from './session-hint';

/**
 * The session API the app uses. It stays tiny and Amplify-free: the Amplify-backed
 * implementation (`amplify-auth.ts`) is imported on first use, i.e. when a shopper signs in or
 * up, or when a stored session needs its token.
 *
 * This module does not name that implementation itself: the browser's start hands over how to
 * import it (`provideAmplifyAuth`, app/start.tsx). The server renderer, which reaches this module
 * through the shell (the header's sign-in link, the API client) but signs nobody in, then never
 * bundles Amplify (its bundle is one file, with every `import()` it can reach inlined).
 */
type AmplifyAuth = typeof AmplifyAuthModule;
export type { SignInOutcome, SignUpInput, TotpSetup };

const endedListeners = new Set<() => void>();
let importAmplifyAuth: (() => Promise<AmplifyAuth>) | undefined;
let amplifyAuth: Promise<AmplifyAuth> | undefined;

/** How to import the Amplify-backed implementation: `() => import('./amplify-auth')`, given by the browser's start. */
export function provideAmplifyAuth(load: () => Promise<AmplifyAuth>): void {
  importAmplifyAuth = load;
}

function importedAmplifyAuth(): Promise<AmplifyAuth> {
  if (!importAmplifyAuth) return Promise.reject(new Error('No auth implementation was provided (provideAmplifyAuth)'));
  return importAmplifyAuth();
}

function loadAmplifyAuth(): Promise<AmplifyAuth> {
  // Configured with the validated runtime config only.
  amplifyAuth ??= Promise.all([importedAmplifyAuth(), loadRuntimeConfig()]).then(
    ([module, config]) => {
      module.configureAmplify(config, notifySessionEnded);
      return module;
    },
    (err: unknown) => {
      amplifyAuth = undefined; // let a later attempt retry the download
      throw err;
    },
  );
  return amplifyAuth;
}

function notifySessionEnded(): void {
  endedListeners.forEach((listener) => listener());
}

/** Called when Amplify ends the session by itself (sign-out elsewhere, refresh failure). */
export function onSessionEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

/** Starts downloading the auth library ahead of use (the sign-in page calls it on open). */
export function preloadAuth(): void {
  loadAmplifyAuth().catch(() => {
    // A failed preload is retried by the actual sign-in, which reports the error.
  });
}

/** Synchronous guess from storage, once the runtime config is validated (none before); see `session-hint.ts`. */
export function hasSessionHint(): boolean {
  const config = peekRuntimeConfig();
  return config ? hasStoredSession(config.userPoolClientId) : false;
}

export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  const auth = await loadAmplifyAuth();
  return auth.signInWithPassword(email, password);
}

export async function confirmSignInWithTotp(code: string): Promise<void> {
  const auth = await loadAmplifyAuth();
  await auth.confirmSignInWithTotp(code);
}

export async function adminNeedsTotp(): Promise<boolean> {
  const auth = await loadAmplifyAuth();
  return auth.adminNeedsTotp();
}

export async function startTotpSetup(accountName: string): Promise<TotpSetup> {
  const auth = await loadAmplifyAuth();
  return auth.startTotpSetup(accountName);
}

export async function finishTotpSetup(code: string): Promise<void> {
  const auth = await loadAmplifyAuth();
  await auth.finishTotpSetup(code);
}

export async function signUp(input: SignUpInput): Promise<void> {
  const auth = await loadAmplifyAuth();
  await auth.signUpWithPassword(input);
}

export async function signOut(): Promise<void> {
  if (!amplifyAuth && !hasSessionHint()) return;
  const auth = await loadAmplifyAuth();
  await auth.signOutOfSession();
}

/** The ID token for the API's authorization header; undefined when signed out. */
export async function getIdToken(): Promise<string | undefined> {
  if (!hasSessionHint()) return undefined;
  const auth = await loadAmplifyAuth();
  const token = await auth.currentIdToken();
  if (token === undefined) notifySessionEnded();
  return token;
}

/** Asks Amplify whether the stored session is still usable (tokens present or refreshable). */
export async function confirmSession(): Promise<boolean> {
  return (await getIdToken()) !== undefined;
}

export async function updateNames(firstName: string, lastName: string): Promise<void> {
  const auth = await loadAmplifyAuth();
  await auth.updateNames(firstName, lastName);
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const auth = await loadAmplifyAuth();
  await auth.changePassword(currentPassword, newPassword);
}

/** Confirms a new account with the code emailed to it (which also verifies the email). */
export async function confirmSignUp(email: string, code: string): Promise<void> {
  const auth = await loadAmplifyAuth();
  await auth.confirmSignUpWithCode(email, code);
}

/** Emails a new sign-up code, in `locale`. */
export async function resendSignUpCode(email: string, locale?: string): Promise<void> {
  const auth = await loadAmplifyAuth();
  await auth.resendSignUpCodeTo(email, locale);
}

/** Emails a code to reset a forgotten password, in `locale` (only to a verified email). */
export async function requestPasswordReset(email: string, locale?: string): Promise<void> {
  const auth = await loadAmplifyAuth();
  await auth.requestPasswordReset(email, locale);
}

export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  const auth = await loadAmplifyAuth();
  await auth.confirmPasswordReset(email, code, newPassword);
}
