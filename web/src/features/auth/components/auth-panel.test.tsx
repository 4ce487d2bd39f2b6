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
    useSessionStore.setState({ status: 'signedOut', confirmed: true });
    useToastStore.setState({ toasts: [] });
  });

  it('after a sign-up returns to sign-in mode with the email filled in and the password to type', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(session.signUp).mockResolvedValue();
    renderPanel();

    await signUpAs(user, 'anna@example.ch');

    expect((await screen.findAllByText('Account created successfully', {}, LAZY)).length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.ch');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
    expect(session.signUp).toHaveBeenCalledWith({
      firstName: 'Anna',
      lastName: 'Muster',
      email: 'anna@example.ch',
      password: 'Secret-Pass-1',
    });
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
      .mockResolvedValueOnce();
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
