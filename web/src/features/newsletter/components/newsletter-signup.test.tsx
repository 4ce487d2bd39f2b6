import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { ToastOutlet } from '../../../components/ui/toast-outlet';
import { setLocale } from '../../../i18n/i18n';
import { useToastStore } from '../../../stores/toast-store';
import { renderWithProviders } from '../../../testing/render';
import { NewsletterSignup } from './newsletter-signup';

/** Lazy chunks (a page, the toaster, the menu) can take a while on a busy machine. */
const LAZY = { timeout: 5000 };

vi.mock('../api/subscribe', () => ({ subscribe: vi.fn() }));
const { subscribe } = await import('../api/subscribe');

function renderSignup(variant?: 'default' | 'compact') {
  return renderWithProviders(
    <>
      <NewsletterSignup variant={variant} />
      <ToastOutlet />
    </>,
  );
}

/** The toast region announces politely (status) or, for errors, assertively. */
const toastText = async (text: string) => (await screen.findAllByText(text, {}, LAZY)).length > 0;

beforeEach(() => {
  vi.mocked(subscribe).mockReset();
  useToastStore.setState({ toasts: [] });
});

describe('NewsletterSignup', () => {
  it("signs up with the email and the shopper's language, says to check the inbox and clears the field", async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(subscribe).mockResolvedValue({ email: 'anna@example.ch', status: 'pending' });
    await setLocale('de');
    renderSignup();

    const email = screen.getByLabelText('E-Mail-Adresse');
    await user.type(email, ' anna@example.ch ');
    await user.click(screen.getByRole('button', { name: 'Abonnieren' }));

    expect(await toastText('Bitte prüfen Sie Ihr Postfach')).toBe(true);
    expect(await toastText('Wir haben Ihnen einen Link gesendet, mit dem Sie Ihre Anmeldung bestätigen.')).toBe(true);
    expect(subscribe).toHaveBeenCalledWith({ email: 'anna@example.ch', locale: 'de' });
    expect((email as HTMLInputElement).value).toBe('');
  });

  it('tells every sign-up, subscribed already or not, to confirm by the emailed link (English)', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(subscribe).mockResolvedValue({ email: 'anna@example.ch', status: 'pending' });
    renderSignup('compact');
    await user.type(screen.getByLabelText('Email address'), 'anna@example.ch');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await toastText('Check your inbox')).toBe(true);
    expect(await toastText('We have sent you a link to confirm your subscription.')).toBe(true);
    expect(screen.queryByText('Already subscribed')).toBeNull();
    expect(subscribe).toHaveBeenCalledWith({ email: 'anna@example.ch', locale: 'en' });
  });

  it.each([
    ['a server error', new ApiError(500, 'INTERNAL', 'boom')],
    ['throttling', new ApiError(429, 'RATE_LIMITED', 'slow down')],
    ['no network', new ApiError(0, 'INTERNAL', 'Network request failed')],
    // An older API's 409: not told apart from other failures (the answer no longer says who is subscribed).
    ['a conflict', new ApiError(409, 'ALREADY_SUBSCRIBED', 'already')],
  ])("says 'Subscription failed' on %s", async (_what, error) => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(subscribe).mockRejectedValue(error);
    renderSignup();
    await user.type(screen.getByLabelText('Email address'), 'anna@example.ch');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await toastText('Subscription failed')).toBe(true);
    expect(await toastText('Please try again later.')).toBe(true);
  });

  it('asks for an email, and for a valid one, before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    renderSignup();
    const email = screen.getByLabelText('Email address');

    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email address.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);

    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.');
    await waitFor(() => expect(subscribe).not.toHaveBeenCalled());
  });
});
