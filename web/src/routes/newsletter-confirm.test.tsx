import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { setLocale } from '../i18n/i18n';
import { renderWithProviders } from '../testing/render';
import { NewsletterConfirmRoute } from './newsletter-confirm';

vi.mock('../features/newsletter/api/subscribe', () => ({ confirmSubscription: vi.fn(), unsubscribe: vi.fn() }));
const { confirmSubscription } = await import('../features/newsletter/api/subscribe');

const token = 'T'.repeat(43);
const link = (lang = 'en') => `/newsletter/confirm?email=lea%2Bn%40example.ch&token=${token}&lang=${lang}`;

beforeEach(() => {
  vi.mocked(confirmSubscription).mockReset();
});
afterEach(async () => {
  await setLocale('en');
});

describe('newsletter confirmation page', () => {
  it('asks first, so opening the link confirms nothing, then confirms on the click', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(confirmSubscription).mockResolvedValue(undefined);
    renderWithProviders(<NewsletterConfirmRoute />, { path: link() });

    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeTruthy();
    expect(screen.getByText('Receive the LINEA newsletter at lea+n@example.ch?')).toBeTruthy();
    expect(confirmSubscription).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Confirm subscription' }));

    expect(confirmSubscription).toHaveBeenCalledWith({ email: 'lea+n@example.ch', token });
    expect(await screen.findByRole('heading', { level: 1, name: 'You are subscribed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('lea+n@example.ch');
  });

  it("speaks the link's language", async () => {
    renderWithProviders(<NewsletterConfirmRoute />, { path: link('de') });
    expect(await screen.findByRole('button', { name: 'Anmeldung bestätigen' })).toBeTruthy();
  });

  it('says the link is not valid on NOT_FOUND', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(confirmSubscription).mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Subscription not found'));
    renderWithProviders(<NewsletterConfirmRoute />, { path: link() });

    await user.click(screen.getByRole('button', { name: 'Confirm subscription' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This confirmation link is not valid. Please sign up again to get a new one.',
    );
    expect(screen.queryByRole('button', { name: 'Confirm subscription' })).toBeNull();
  });

  it('says so at once for a link without its token, and offers no button', () => {
    renderWithProviders(<NewsletterConfirmRoute />, { path: '/newsletter/confirm?email=lea%40example.ch' });
    expect(screen.getByRole('alert').textContent).toContain('This confirmation link is not valid.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('keeps the button for another try after a server error', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(confirmSubscription).mockRejectedValue(new ApiError(500, 'INTERNAL', 'boom'));
    renderWithProviders(<NewsletterConfirmRoute />, { path: link() });
    await user.click(screen.getByRole('button', { name: 'Confirm subscription' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm subscription' })).toBeTruthy();
  });
});
