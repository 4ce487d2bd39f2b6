import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthFailure } from '../../../lib/auth/auth-failure';
import { useSessionStore } from '../../../stores/session-store';
import { jsonFetch } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpTestRuntime } from '../../../testing/runtime';
import { AdminLoginForm } from './admin-login-form';

// The form talks to the session module; Amplify stays out of unit tests.
vi.mock('../../../lib/auth/session', () => ({
  signIn: vi.fn(),
  confirmSignInWithTotp: vi.fn(),
  adminNeedsTotp: vi.fn(),
  startTotpSetup: vi.fn(),
  finishTotpSetup: vi.fn(),
  signOut: vi.fn(async () => undefined),
  getIdToken: vi.fn(async () => 'id-token'),
  hasSessionHint: () => false,
  confirmSession: vi.fn(),
  onSessionEnded: () => () => {},
}));
const session = await import('../../../lib/auth/session');

const me = (isAdmin: boolean) => ({
  userId: 'u-1',
  email: 'ada@linea.example',
  firstName: 'Ada',
  lastName: 'Admin',
  isAdmin,
});
const SETUP = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/LINEA:ada%40linea.example?secret=JBSWY3DPEHPK3PXP' };

setUpTestRuntime();
beforeEach(() => {
  for (const fn of [
    session.signIn,
    session.confirmSignInWithTotp,
    session.adminNeedsTotp,
    session.startTotpSetup,
    session.finishTotpSetup,
  ]) {
    vi.mocked(fn).mockReset();
  }
  vi.mocked(session.signOut).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ status: 'signedOut', confirmed: true });
});

function renderForm(isAdmin: boolean) {
  vi.stubGlobal('fetch', vi.fn(jsonFetch({ 'GET /me': { body: me(isAdmin) } })));
  const onSignedIn = vi.fn();
  renderWithProviders(<AdminLoginForm onSignedIn={onSignedIn} />, { path: '/admin-login' });
  return { onSignedIn, user: userEvent.setup({ delay: null }) };
}

async function submitCredentials(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ada@linea.example');
  await user.type(screen.getByLabelText('Password'), 'Admin-Pass-12');
  await user.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
}

describe('AdminLoginForm', () => {
  it('asks an account with an authenticator app for its code, and lets a wrong code be typed again', async () => {
    vi.mocked(session.signIn).mockResolvedValue('totpCode');
    vi.mocked(session.confirmSignInWithTotp)
      .mockRejectedValueOnce(new AuthFailure('CodeMismatchException', 'Invalid code received for user'))
      .mockResolvedValueOnce();
    const { onSignedIn, user } = renderForm(true);

    await submitCredentials(user);
    await user.type(await screen.findByLabelText('Code from your authenticator app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await screen.findByText('The code is wrong or has expired. Enter the current one.');
    expect(onSignedIn).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Code from your authenticator app'));
    await user.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(session.confirmSignInWithTotp).toHaveBeenLastCalledWith('123456');
    expect(session.signOut).not.toHaveBeenCalled();
  });

  it('lets an admin without an authenticator app set one up, then signs them out to sign in with it', async () => {
    vi.mocked(session.signIn).mockResolvedValue('signedIn');
    vi.mocked(session.adminNeedsTotp).mockResolvedValue(true);
    vi.mocked(session.startTotpSetup).mockResolvedValue(SETUP);
    vi.mocked(session.finishTotpSetup).mockResolvedValue();
    const { onSignedIn, user } = renderForm(false);

    await submitCredentials(user);

    await screen.findByRole('heading', { name: 'Set up an authenticator app' });
    expect(screen.getByText(SETUP.secret).tagName).toBe('CODE');
    expect(screen.getByRole('link', { name: 'Open in an authenticator app' }).getAttribute('href')).toBe(SETUP.uri);
    expect(session.startTotpSetup).toHaveBeenCalledWith('ada@linea.example');

    await user.type(screen.getByLabelText('Code from your authenticator app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(session.signOut).toHaveBeenCalledOnce());
    expect(session.finishTotpSetup).toHaveBeenCalledWith('654321');
    await screen.findByRole('button', { name: 'Access Admin Panel' });
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('refuses a customer outside the admin group as a wrong password, and signs them out', async () => {
    vi.mocked(session.signIn).mockResolvedValue('signedIn');
    vi.mocked(session.adminNeedsTotp).mockResolvedValue(false);
    const { onSignedIn, user } = renderForm(false);

    await submitCredentials(user);

    expect((await screen.findByRole('alert')).textContent).toBe('Access Denied: Invalid password');
    expect(session.signOut).toHaveBeenCalledOnce();
    expect(session.startTotpSetup).not.toHaveBeenCalled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
