import { ADDITIONAL_STEP, AuthFailure, NETWORK_ERROR } from '../../lib/auth/auth-failure';

export type AuthAction =
  | 'signIn'
  | 'signUp'
  | 'changePassword'
  /** Typing the sign-up code, or asking for a new one. */
  | 'confirmSignUp'
  /** Asking for a code to reset a forgotten password. */
  | 'requestPasswordReset'
  /** Setting the new password with that code. */
  | 'confirmPasswordReset';

/** What went wrong, in the shopper's terms; each has a translated text under `auth.errors`. */
export type AuthProblem =
  | 'invalidCredentials'
  | 'accountExists'
  | 'passwordTooWeak'
  | 'invalidDetails'
  | 'tooManyAttempts'
  | 'notConfirmed'
  | 'wrongCurrentPassword'
  | 'passwordResetRequired'
  | 'network'
  | 'codeMismatch'
  | 'codeExpired'
  /** No account (or none with a verified email) for a reset: answered like a sent code, never shown. */
  | 'accountUnknown'
  | 'additionalStep'
  | 'unexpected';

const THROTTLED = new Set(['LimitExceededException', 'TooManyRequestsException', 'TooManyFailedAttemptsException']);

function signInProblem({ reason, message }: AuthFailure): AuthProblem {
  switch (reason) {
    case 'NotAuthorizedException':
      // Cognito's lock-out after repeated wrong passwords is a NotAuthorizedException too.
      return /attempts exceeded/i.test(message) ? 'tooManyAttempts' : 'invalidCredentials';
    // Never tell "no such account" from "wrong password", so accounts cannot be discovered.
    // cognito-local's own answer to a wrong password (its guard now says NotAuthorizedException, as Cognito).
    case 'UserNotFoundException':
    case 'InvalidPasswordException':
      return 'invalidCredentials';
    case 'UserNotConfirmedException':
      return 'notConfirmed';
    case 'PasswordResetRequiredException':
      return 'passwordResetRequired';
    case 'InvalidParameterException':
      return 'invalidDetails';
    default:
      return 'unexpected';
  }
}

function signUpProblem({ reason, message }: AuthFailure): AuthProblem {
  switch (reason) {
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return 'accountExists';
    case 'InvalidPasswordException':
      return 'passwordTooWeak';
    case 'InvalidParameterException':
      // Cognito checks a password's shape (length, outer spaces) as a parameter before its policy.
      return /password/i.test(message) ? 'passwordTooWeak' : 'invalidDetails';
    case 'UserLambdaValidationException':
      return 'invalidDetails';
    default:
      return 'unexpected';
  }
}

function codeProblem({ reason }: AuthFailure): AuthProblem | undefined {
  switch (reason) {
    // A code for an email without an account is simply a wrong code: accounts cannot be discovered.
    case 'CodeMismatchException':
    case 'UserNotFoundException':
      return 'codeMismatch';
    case 'ExpiredCodeException':
      return 'codeExpired';
    default:
      return undefined;
  }
}

function confirmSignUpProblem(failure: AuthFailure): AuthProblem {
  if (failure.reason === 'AliasExistsException') return 'accountExists';
  return codeProblem(failure) ?? 'unexpected';
}

function requestPasswordResetProblem({ reason }: AuthFailure): AuthProblem {
  // cognito-local says there is no such user, where Cognito (preventUserExistenceErrors) pretends
  // to send a code; an account whose email was never verified gets no code either. All alike.
  if (['UserNotFoundException', 'InvalidParameterException', 'NotAuthorizedException'].includes(reason)) {
    return 'accountUnknown';
  }
  return 'unexpected';
}

function confirmPasswordResetProblem(failure: AuthFailure): AuthProblem {
  const byCode = codeProblem(failure);
  if (byCode) return byCode;
  if (failure.reason === 'InvalidPasswordException') return 'passwordTooWeak';
  if (failure.reason === 'InvalidParameterException') {
    return /password/i.test(failure.message) ? 'passwordTooWeak' : 'codeMismatch';
  }
  return 'unexpected';
}

function changePasswordProblem(failure: AuthFailure): AuthProblem {
  // Cognito (and its local stand-in) answers a wrong current password with NotAuthorizedException.
  if (failure.reason === 'NotAuthorizedException') return 'wrongCurrentPassword';
  return signUpProblem(failure);
}

/**
 * Maps anything a sign-in or sign-up threw (Amplify's errors arrive as AuthFailure, by Cognito's
 * exception name) to a problem the UI has a translated text for. The provider's own message is
 * never shown; it only tells a lock-out or a malformed password apart where the name cannot.
 */
export function authProblem(action: AuthAction, err: unknown): AuthProblem {
  if (!(err instanceof AuthFailure)) return 'unexpected';
  // Amplify answers a sign-in of an unconfirmed account with a next step, not an error.
  if (err.reason === ADDITIONAL_STEP) return err.message === 'CONFIRM_SIGN_UP' ? 'notConfirmed' : 'additionalStep';
  if (err.reason === NETWORK_ERROR) return 'network';
  if (THROTTLED.has(err.reason)) return 'tooManyAttempts';
  if (action === 'changePassword') return changePasswordProblem(err);
  if (action === 'confirmSignUp') return confirmSignUpProblem(err);
  if (action === 'requestPasswordReset') return requestPasswordResetProblem(err);
  if (action === 'confirmPasswordReset') return confirmPasswordResetProblem(err);
  return action === 'signIn' ? signInProblem(err) : signUpProblem(err);
}

type TitleKey =
  | 'auth.loginFailed'
  | 'auth.signUpFailed'
  | 'auth.errorTitle'
  | 'auth.confirmSignUp.failed'
  | 'auth.forgotPassword.failed';
type DescriptionKey =
  | `auth.errors.${Exclude<AuthProblem, 'additionalStep' | 'unexpected' | 'accountUnknown'>}`
  | 'auth.additionalStepRequired'
  | 'auth.errorDescription';

const TITLES: Readonly<Record<AuthAction, TitleKey>> = {
  signIn: 'auth.loginFailed',
  signUp: 'auth.signUpFailed',
  changePassword: 'auth.errorTitle',
  confirmSignUp: 'auth.confirmSignUp.failed',
  requestPasswordReset: 'auth.forgotPassword.failed',
  confirmPasswordReset: 'auth.forgotPassword.failed',
};

/**
 * The toast for a problem: the spec's titles ('Login failed', 'Sign up failed'; 'An error
 * occurred' / 'Please try again later.' for anything unforeseen) with our own description.
 */
export function authErrorToast(
  action: AuthAction,
  problem: AuthProblem,
): { readonly title: TitleKey; readonly description: DescriptionKey } {
  if (problem === 'unexpected' || problem === 'accountUnknown') {
    return { title: 'auth.errorTitle', description: 'auth.errorDescription' };
  }
  const title = TITLES[action];
  if (problem === 'additionalStep') return { title, description: 'auth.additionalStepRequired' };
  return { title, description: `auth.errors.${problem}` };
}
