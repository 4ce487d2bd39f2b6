import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthFailure } from '../../../lib/auth/auth-failure';
import { ToastOutlet } from '../../../components/ui/toast-outlet';
import { useSessionStore } from '../../../stores/session-store';
import { useToastStore } from '../../../stores/toast-store';
import { AuthPanel } from './auth-panel';

// The panel talks to the session store; Amplify stays out of unit tests.
vi.mock('../../../lib/auth/session', () => ({
  signIn: vi.fn(),
  signUp: vi.fn(),
  confirmSignUp: vi.fn(),
  resendSignUpCode: vi.fn(),
  requestPasswordReset: vi.fn(),
  confirmPasswordReset: vi.fn(),
  signOut: vi.fn(),
  hasSessionHint: () => false,
  confirmSession: vi.fn(),
  onSessionEnded: () => () => {},
}));
const session = await import('../../../lib/auth/session');

/** The toaster is a lazy chunk; on a busy machine its first import can take more than a second. */
const LAZY = { timeout: 5000 };

function renderPanel() {
  const onSignedIn = vi.fn();
  render(
    <>
      <AuthPanel onSignedIn={onSignedIn} />
      <ToastOutlet />
    </>,
  );
  return { onSignedIn };
}

const toastTitles = () => useToastStore.getState().toasts.map((toast) => toast.title);

async function signUpAs(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
  await user.type(screen.getByLabelText('First Name'), 'Anna');
  await user.type(screen.getByLabelText('Last Name'), 'Muster');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'Secret-Pass-1');
  await user.type(screen.getByLabelText('Confirm Password'), 'Secret-Pass-1');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('AuthPanel', () => {
  beforeEach(() => {
    vi.mocked(session.signIn).mockReset();
    vi.mocked(session.signUp).mockReset();
    vi.mocked(session.confirmSignUp).mockReset();
    vi.mocked(session.resendSignUpCode).mockReset();
    vi.mocked(session.requestPasswordReset).mockReset();
    vi.mocked(session.confirmPasswordReset).mockReset();
    useSessionStore.setState({ status: 'signedOut', confirmed: true });
    useToastStore.setState({ toasts: [] });
  });

  it('after a sign-up asks for the emailed code, then signs in with the password still in memory', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(session.signUp).mockResolvedValue();
    vi.mocked(session.confirmSignUp)
      .mockRejectedValueOnce(new AuthFailure('CodeMismatchException', 'Invalid verification code provided'))
      .mockResolvedValueOnce();
    vi.mocked(session.signIn).mockResolvedValue('signedIn');
    const { onSignedIn } = renderPanel();

    await signUpAs(user, 'anna@example.ch');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('We sent a 6-digit code to anna@example.ch. Enter it to confirm your email address.'));
    expect(session.signUp).toHaveBeenCalledWith({
      firstName: 'Anna',
      lastName: 'Muster',
      email: 'anna@example.ch',
      password: 'Secret-Pass-1',
      locale: 'en',
    });
    const code = screen.getByLabelText('Code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter the 6 digits from the email.');
    expect(session.confirmSignUp).not.toHaveBeenCalled();

    await user.type(code, '9');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This code is not correct. Please check it and try again.',
    );
    expect(onSignedIn).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(session.confirmSignUp).toHaveBeenLastCalledWith('anna@example.ch', '123456');
    expect(session.signIn).toHaveBeenCalledWith('anna@example.ch', 'Secret-Pass-1');
    expect((await screen.findAllByText('Account created successfully', {}, LAZY)).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Welcome to LINEA.').length).toBeGreaterThan(0);
  });

  it('sends a new code when an unconfirmed account signs in, and on request', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(session.signIn).mockRejectedValueOnce(new AuthFailure('ADDITIONAL_STEP', 'CONFIRM_SIGN_UP'));
    vi.mocked(session.resendSignUpCode).mockResolvedValue();
    renderPanel();

    await user.type(screen.getByLabelText('Email'), 'anna@example.ch');
    await user.type(screen.getByLabelText('Password'), 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(session.resendSignUpCode).toHaveBeenCalledWith('anna@example.ch', 'en');
    expect(toastTitles()).not.toContain('Login failed');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(session.resendSignUpCode).toHaveBeenCalledTimes(2);
    expect((await screen.findAllByText('We sent a new code to anna@example.ch.', {}, LAZY)).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(screen.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
  });

  it('resets a forgotten password without telling whether the email has an account, then signs in', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(session.requestPasswordReset).mockRejectedValue(
      new AuthFailure('UserNotFoundException', 'Username/client id combination not found.'),
    );
    vi.mocked(session.confirmPasswordReset)
      .mockRejectedValueOnce(
        new AuthFailure('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
      )
      .mockResolvedValueOnce();
    vi.mocked(session.signIn).mockResolvedValue('signedIn');
    const { onSignedIn } = renderPanel();

    await user.type(screen.getByLabelText('Email'), 'nobody@example.ch');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('nobody@example.ch');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    const codeHeading = await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
    await waitFor(() => expect(document.activeElement).toBe(codeHeading));
    expect(
      screen.getByText(
        'If an account exists for nobody@example.ch, we sent a 6-digit code to it. It is valid for 1 hour.',
      ),
    );
    expect(session.requestPasswordReset).toHaveBeenCalledWith('nobody@example.ch', 'en');
    expect(toastTitles()).toEqual([]);

    // A new code on request, said in the same neutral words.
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(session.requestPasswordReset).toHaveBeenCalledTimes(2);
    expect(
      (await screen.findAllByText('If an account exists for nobody@example.ch, we sent a new code to it.', {}, LAZY))
        .length,
    ).toBeGreaterThan(0);
    expect(toastTitles()).toEqual(['Code sent']);

    await user.type(screen.getByLabelText('Code'), '654321');
    await user.type(screen.getByLabelText('New Password'), 'weak');
    await user.type(screen.getByLabelText('Confirm New Password'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Your password doesn't meet all the requirements yet.");
    expect(session.confirmPasswordReset).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'New-Secret-2');
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'New-Secret-2');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This code has expired. Please ask for a new one.');

    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(session.confirmPasswordReset).toHaveBeenLastCalledWith('nobody@example.ch', '654321', 'New-Secret-2');
    expect(session.signIn).toHaveBeenCalledWith('nobody@example.ch', 'New-Secret-2');
    expect((await screen.findAllByText('Password changed', {}, LAZY)).length).toBeGreaterThan(0);
  });

  it('goes back from a forgotten password to sign-in with the email filled in', async () => {
    const user = userEvent.setup({ delay: null });
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(await screen.findByLabelText('Email'), 'anna@example.ch');
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.ch');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });

  it("shows 'Login failed' with our own text, never the provider's, and stays on the page", async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(session.signIn).mockRejectedValue(new AuthFailure('InvalidPasswordException', 'Invalid password'));
    const { onSignedIn } = renderPanel();

    await user.type(screen.getByLabelText('Email'), 'anna@example.ch');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect((await screen.findAllByText('Login failed', {}, LAZY)).length).toBeGreaterThan(0);
    expect(screen.getAllByText('The email or password is incorrect. Please try again.').length).toBeGreaterThan(0);
    expect(screen.queryByText('Invalid password')).toBeNull();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(useSessionStore.getState().status).toBe('signedOut');
  });

  it('signs in, takes back the earlier failure and hands over to the route', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(session.signIn)
      .mockRejectedValueOnce(new AuthFailure('NotAuthorizedException', 'Incorrect username or password.'))
      .mockResolvedValueOnce('signedIn');
    const { onSignedIn } = renderPanel();

    await user.type(screen.getByLabelText('Email'), 'anna@example.ch');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(toastTitles()).toEqual(['Login failed']);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(onSignedIn).toHaveBeenCalledOnce();
    expect(useSessionStore.getState().status).toBe('signedIn');
    expect(toastTitles()).toEqual(['Logged in successfully']);
    expect((await screen.findAllByText('Logged in successfully', {}, LAZY)).length).toBeGreaterThan(0);
  });

  it('offers to sign in with an email that already has an account', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(session.signUp).mockRejectedValue(new AuthFailure('UsernameExistsException', 'User already exists'));
    renderPanel();

    await signUpAs(user, 'anna@example.ch');
    expect((await screen.findAllByText('Sign up failed', {}, LAZY)).length).toBeGreaterThan(0);
    expect(screen.getAllByText('An account with this email already exists.').length).toBeGreaterThan(0);
    expect(screen.queryByText('User already exists')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign in instead' }));

    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.ch');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });

  it("says 'An error occurred' for anything unforeseen", async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(session.signIn).mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    renderPanel();

    await user.type(screen.getByLabelText('Email'), 'anna@example.ch');
    await user.type(screen.getByLabelText('Password'), 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect((await screen.findAllByText('An error occurred', {}, LAZY)).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Please try again later.').length).toBeGreaterThan(0);
  });

  it('keeps one heading whose name follows the mode', async () => {
    const user = userEvent.setup({ delay: null });
    renderPanel();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Welcome back');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create an account' })).toBeTruthy();
  });
});
