import { render, screen } from '@testing-library/react';
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

describe('AuthPanel', () => {
  beforeEach(() => {
    vi.mocked(session.signIn).mockReset();
    vi.mocked(session.signUp).mockReset();
    useSessionStore.setState({ status: 'signedOut', confirmed: true });
    useToastStore.setState({ toasts: [] });
  });

  it('after a sign-up returns to sign-in mode with the email filled in', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(session.signUp).mockResolvedValue();
    renderPanel();

    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await user.type(screen.getByLabelText('First Name'), 'Anna');
    await user.type(screen.getByLabelText('Last Name'), 'Muster');
    await user.type(screen.getByLabelText('Email'), 'anna@example.ch');
    await user.type(screen.getByLabelText('Password'), 'Secret-Pass-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect((await screen.findAllByText('Account created successfully', {}, LAZY)).length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.ch');
    expect(session.signUp).toHaveBeenCalledWith({
      firstName: 'Anna',
      lastName: 'Muster',
      email: 'anna@example.ch',
      password: 'Secret-Pass-1',
    });
  });

  it("shows 'Login failed' with the provider's message and stays on the page", async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(session.signIn).mockRejectedValue(
      new AuthFailure('NotAuthorizedException', 'Incorrect username or password.'),
    );
    const { onSignedIn } = renderPanel();

    await user.type(screen.getByLabelText('Email'), 'anna@example.ch');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect((await screen.findAllByText('Login failed', {}, LAZY)).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Incorrect username or password.').length).toBeGreaterThan(0);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(useSessionStore.getState().status).toBe('signedOut');
  });

  it('signs in and hands over to the route', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(session.signIn).mockResolvedValue();
    const { onSignedIn } = renderPanel();

    await user.type(screen.getByLabelText('Email'), 'anna@example.ch');
    await user.type(screen.getByLabelText('Password'), 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(onSignedIn).toHaveBeenCalledOnce();
    expect(useSessionStore.getState().status).toBe('signedIn');
    expect((await screen.findAllByText('Logged in successfully', {}, LAZY)).length).toBeGreaterThan(0);
  });
});
