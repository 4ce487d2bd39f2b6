import { describe, expect, it } from 'vitest';
import { de } from '@linea/shared/i18n/de';
import { en } from '@linea/shared/i18n/en';
import { ADDITIONAL_STEP, AuthFailure, NETWORK_ERROR } from '../../lib/auth/auth-failure';
import { authErrorToast, authProblem, type AuthAction, type AuthProblem } from './auth-errors';

const failure = (name: string, message = 'provider text') => new AuthFailure(name, message);

describe('authProblem when signing in', () => {
  it('says the same for a wrong password and an unknown email, so accounts cannot be discovered', () => {
    const answers = [
      failure('NotAuthorizedException', 'Incorrect username or password.'),
      failure('UserNotFoundException', 'User does not exist.'),
      // cognito-local's answers to a wrong password and to an unknown email
      failure('InvalidPasswordException', 'Invalid password'),
      failure('NotAuthorizedException', 'User not authorized'),
    ];
    for (const answer of answers) expect(authProblem('signIn', answer), answer.reason).toBe('invalidCredentials');
    expect(
      new Set(answers.map((answer) => JSON.stringify(authErrorToast('signIn', authProblem('signIn', answer))))),
    ).toEqual(new Set([JSON.stringify({ title: 'auth.loginFailed', description: 'auth.errors.invalidCredentials' })]));
  });

  it("tells a locked account to wait, from Cognito's lock-out message", () => {
    expect(authProblem('signIn', failure('NotAuthorizedException', 'Password attempts exceeded'))).toBe(
      'tooManyAttempts',
    );
  });

  it('maps the other refusals Cognito gives on sign-in', () => {
    expect(authProblem('signIn', failure('UserNotConfirmedException'))).toBe('notConfirmed');
    expect(authProblem('signIn', failure('PasswordResetRequiredException'))).toBe('passwordResetRequired');
    expect(authProblem('signIn', failure('InvalidParameterException'))).toBe('invalidDetails');
    expect(authProblem('signIn', failure(ADDITIONAL_STEP, 'CONFIRM_SIGN_IN_WITH_TOTP_CODE'))).toBe('additionalStep');
  });
});

describe('authProblem when signing up', () => {
  it('recognises an existing account', () => {
    expect(authProblem('signUp', failure('UsernameExistsException', 'User already exists'))).toBe('accountExists');
    expect(authProblem('signUp', failure('AliasExistsException'))).toBe('accountExists');
  });

  it('recognises a password the pool refuses, by policy or by shape', () => {
    expect(
      authProblem(
        'signUp',
        failure('InvalidPasswordException', 'Password did not conform with policy: Password not long enough'),
      ),
    ).toBe('passwordTooWeak');
    expect(
      authProblem(
        'signUp',
        failure(
          'InvalidParameterException',
          "1 validation error detected: Value at 'password' failed to satisfy constraint",
        ),
      ),
    ).toBe('passwordTooWeak');
    expect(authProblem('signUp', failure('InvalidParameterException', 'Invalid email address format.'))).toBe(
      'invalidDetails',
    );
    expect(authProblem('signUp', failure('UserLambdaValidationException'))).toBe('invalidDetails');
  });
});

describe('authProblem for either action', () => {
  const actions: AuthAction[] = ['signIn', 'signUp'];

  it('asks to wait when Cognito throttles', () => {
    for (const action of actions) {
      for (const name of ['LimitExceededException', 'TooManyRequestsException', 'TooManyFailedAttemptsException']) {
        expect(authProblem(action, failure(name)), `${action} ${name}`).toBe('tooManyAttempts');
      }
    }
  });

  it('says when Cognito could not be reached', () => {
    for (const action of actions) expect(authProblem(action, failure(NETWORK_ERROR))).toBe('network');
  });

  it('treats anything else as unexpected', () => {
    for (const action of actions) {
      expect(authProblem(action, failure('InternalErrorException'))).toBe('unexpected');
      expect(authProblem(action, new TypeError('Failed to fetch dynamically imported module'))).toBe('unexpected');
      expect(authProblem(action, 'weird')).toBe('unexpected');
    }
  });
});

describe('authErrorToast', () => {
  const problems: AuthProblem[] = [
    'invalidCredentials',
    'accountExists',
    'passwordTooWeak',
    'invalidDetails',
    'tooManyAttempts',
    'notConfirmed',
    'passwordResetRequired',
    'network',
    'additionalStep',
    'unexpected',
  ];
  const lookup = (dictionary: unknown, key: string) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dictionary);

  it("keeps the spec's titles and uses the generic text for the unforeseen", () => {
    expect(authErrorToast('signIn', 'network').title).toBe('auth.loginFailed');
    expect(authErrorToast('signUp', 'network').title).toBe('auth.signUpFailed');
    expect(authErrorToast('signIn', 'unexpected')).toEqual({
      title: 'auth.errorTitle',
      description: 'auth.errorDescription',
    });
    expect(en.auth.loginFailed).toBe('Login failed');
    expect(en.auth.signUpFailed).toBe('Sign up failed');
    expect(en.auth.errorTitle).toBe('An error occurred');
    expect(en.auth.errorDescription).toBe('Please try again later.');
  });

  it('has an English and a German text for every problem', () => {
    for (const action of ['signIn', 'signUp'] as const) {
      for (const problem of problems) {
        const { title, description } = authErrorToast(action, problem);
        for (const dictionary of [en, de]) {
          expect(typeof lookup(dictionary, title), `${title}`).toBe('string');
          expect(typeof lookup(dictionary, description), `${description}`).toBe('string');
        }
      }
    }
  });
});

describe('authProblem with account codes', () => {
  it('turns a sign-in of an unconfirmed account (Amplify: a CONFIRM_SIGN_UP step) into notConfirmed', () => {
    expect(authProblem('signIn', failure(ADDITIONAL_STEP, 'CONFIRM_SIGN_UP'))).toBe('notConfirmed');
    expect(authProblem('signIn', failure(ADDITIONAL_STEP, 'CONFIRM_SIGN_IN_WITH_TOTP_CODE'))).toBe('additionalStep');
  });

  it('tells a wrong code from an expired one, and a code for an unknown email is just wrong', () => {
    for (const action of ['confirmSignUp', 'confirmPasswordReset'] as const) {
      expect(authProblem(action, failure('CodeMismatchException'))).toBe('codeMismatch');
      expect(authProblem(action, failure('UserNotFoundException'))).toBe('codeMismatch');
      expect(authProblem(action, failure('ExpiredCodeException'))).toBe('codeExpired');
      expect(authProblem(action, failure('LimitExceededException'))).toBe('tooManyAttempts');
    }
    expect(authProblem('confirmPasswordReset', failure('InvalidPasswordException'))).toBe('passwordTooWeak');
    expect(
      authProblem('confirmPasswordReset', failure('InvalidParameterException', "Value at 'password' failed")),
    ).toBe('passwordTooWeak');
  });

  it('answers a reset for an unknown or unverified email like a sent code, and never as a toast', () => {
    for (const name of ['UserNotFoundException', 'InvalidParameterException']) {
      expect(authProblem('requestPasswordReset', failure(name))).toBe('accountUnknown');
    }
    expect(authProblem('requestPasswordReset', failure('LimitExceededException'))).toBe('tooManyAttempts');
    expect(authErrorToast('confirmPasswordReset', 'codeExpired')).toEqual({
      title: 'auth.forgotPassword.failed',
      description: 'auth.errors.codeExpired',
    });
    expect(authErrorToast('confirmSignUp', 'tooManyAttempts').title).toBe('auth.confirmSignUp.failed');
    expect(de.auth.errors.codeMismatch).not.toBe(en.auth.errors.codeMismatch);
  });
});
