/**
 * The only module that imports Amplify. It is loaded with a dynamic import by `session.ts`, so
 * shoppers who never sign in never download it (vite.config.ts fails the build otherwise).
 */
import { Amplify } from 'aws-amplify';
import {
  AuthError,
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  signUp,
  updateMFAPreference,
  updatePassword,
  updateUserAttributes,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { ADMIN_TOTP_REQUIRED_CLAIM, TOTP_ISSUER } from '@linea/shared/domain/admin-totp';
import type { RuntimeConfig } from '../../config/runtime-config-schema';
import { ADDITIONAL_STEP, AuthFailure, NETWORK_ERROR } from './auth-failure';

let authFlowType: RuntimeConfig['authFlow'] = 'USER_SRP_AUTH';

export function configureAmplify(config: RuntimeConfig, onSessionEnded: () => void): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        // cognito-local locally; absent in the cloud, where Amplify derives the regional endpoint.
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  authFlowType = config.authFlow;
  Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signedOut' || payload.event === 'tokenRefresh_failure') onSessionEnded();
  });
}

/**
 * Cognito's refusals arrive as AuthError named after the service's exception; a request that
 * never got an answer is Amplify's NetworkError (an AmplifyError, not an AuthError).
 */
function toAuthFailure(err: unknown): unknown {
  if (err instanceof AuthError || (err instanceof Error && err.name === NETWORK_ERROR)) {
    return new AuthFailure(err.name, err.message, { cause: err });
  }
  return err;
}

/** `totpCode`: the account has an authenticator app, and the sign-in waits for its code. */
export type SignInOutcome = 'signedIn' | 'totpCode';

export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  const attempt = () => signIn({ username: email, password, options: { authFlowType } });
  try {
    let result;
    try {
      result = await attempt();
    } catch (err) {
      // Amplify still holds a session the app did not know about (e.g. another tab): replace it.
      if (!(err instanceof AuthError && err.name === 'UserAlreadyAuthenticatedException')) throw err;
      await signOut();
      result = await attempt();
    }
    if (result.isSignedIn) return 'signedIn';
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'totpCode';
    throw new AuthFailure(ADDITIONAL_STEP, result.nextStep.signInStep);
  } catch (err) {
    throw toAuthFailure(err);
  }
}

/** Completes a sign-in that answered `totpCode` with the authenticator app's current code. */
export async function confirmSignInWithTotp(code: string): Promise<void> {
  try {
    const result = await confirmSignIn({ challengeResponse: code });
    if (!result.isSignedIn) throw new AuthFailure(ADDITIONAL_STEP, result.nextStep.signInStep);
  } catch (err) {
    throw toAuthFailure(err);
  }
}

/** Whether the signed-in account is an admin kept out of the back office for want of an authenticator app. */
export async function adminNeedsTotp(): Promise<boolean> {
  const session = await fetchAuthSession();
  return session.tokens?.idToken?.payload[ADMIN_TOTP_REQUIRED_CLAIM] === 'true';
}

export interface TotpSetup {
  /** The key to type into an authenticator app. */
  readonly secret: string;
  /** The same as an `otpauth://` link, which a phone's authenticator app opens. */
  readonly uri: string;
}

/** A new authenticator key for the signed-in account; active once finishTotpSetup() confirms a code. */
export async function startTotpSetup(accountName: string): Promise<TotpSetup> {
  try {
    const details = await setUpTOTP();
    return { secret: details.sharedSecret, uri: details.getSetupUri(TOTP_ISSUER, accountName).toString() };
  } catch (err) {
    throw toAuthFailure(err);
  }
}

/** Confirms the new key with a code from the app and makes it the account's second factor. */
export async function finishTotpSetup(code: string): Promise<void> {
  try {
    await verifyTOTPSetup({ code });
    await updateMFAPreference({ totp: 'PREFERRED' });
  } catch (err) {
    throw toAuthFailure(err);
  }
}

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** The page's language: Cognito's code email is written in it (clientMetadata.locale). */
  locale?: string;
}

export async function signUpWithPassword(input: SignUpInput): Promise<void> {
  try {
    await signUp({
      username: input.email,
      password: input.password,
      options: {
        userAttributes: { email: input.email, given_name: input.firstName, family_name: input.lastName },
        ...codeEmailLanguage(input.locale),
      },
    });
  } catch (err) {
    throw toAuthFailure(err);
  }
}

export async function signOutOfSession(): Promise<void> {
  try {
    await signOut();
  } catch (err) {
    throw toAuthFailure(err);
  }
}

/**
 * The current ID token, refreshed by Amplify when it has expired (GetTokensFromRefreshToken,
 * which the local stand-in answers too); only a change of the token's claims forces a refresh.
 */
export async function currentIdToken(): Promise<string | undefined> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

/**
 * The customer's names in Cognito, then a fresh ID token: the API and the greeting read the
 * names from the token, so the old one would show the old names until it expires.
 */
export async function updateNames(firstName: string, lastName: string): Promise<void> {
  try {
    await updateUserAttributes({ userAttributes: { given_name: firstName, family_name: lastName } });
    await fetchAuthSession({ forceRefresh: true });
  } catch (err) {
    throw toAuthFailure(err);
  }
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  try {
    await updatePassword({ oldPassword: currentPassword, newPassword });
  } catch (err) {
    throw toAuthFailure(err);
  }
}

/**
 * Account codes (issue 10): the code Cognito emails at sign-up confirms the account and verifies
 * the email; a forgotten password is reset with a code sent to that verified email. The page's
 * language goes along as clientMetadata, for the CustomEmailSender trigger to write in.
 */
function codeEmailLanguage(locale: string | undefined): { clientMetadata?: Record<string, string> } {
  return locale ? { clientMetadata: { locale } } : {};
}

export async function confirmSignUpWithCode(email: string, code: string): Promise<void> {
  try {
    await confirmSignUp({ username: email, confirmationCode: code });
  } catch (err) {
    throw toAuthFailure(err);
  }
}

export async function resendSignUpCodeTo(email: string, locale?: string): Promise<void> {
  try {
    await resendSignUpCode({ username: email, options: codeEmailLanguage(locale) });
  } catch (err) {
    throw toAuthFailure(err);
  }
}

export async function requestPasswordReset(email: string, locale?: string): Promise<void> {
  try {
    await resetPassword({ username: email, options: codeEmailLanguage(locale) });
  } catch (err) {
    throw toAuthFailure(err);
  }
}

export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  try {
    await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
  } catch (err) {
    throw toAuthFailure(err);
  }
}
