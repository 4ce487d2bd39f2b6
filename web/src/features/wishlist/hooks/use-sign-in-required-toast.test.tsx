import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { useToastStore } from '../../../stores/toast-store';
import { renderWithProviders } from '../../../testing/render';
import { signInHref } from '../../../lib/auth/return-to';
import { useSignInRequiredToast } from './use-sign-in-required-toast';

function AskToSignIn() {
  const signInRequired = useSignInRequiredToast();
  return (
    <button type="button" onClick={signInRequired}>
      Save
    </button>
  );
}

beforeAll(() => {
  // Radix Toast watches pointers for its swipe; jsdom has no pointer capture.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
});
beforeEach(() => useToastStore.setState({ toasts: [] }));

describe('useSignInRequiredToast', { timeout: 20_000 }, () => {
  it('asks to sign in with a link to /auth that returns to this page, path and query', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithProviders(
      <>
        <AskToSignIn />
        <Toaster />
      </>,
      { path: '/products?category=basics' },
    );

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const toast = (await screen.findByText('Please sign in', { selector: '.toast-title' })).closest('.toast')!;
    expect(
      within(toast as HTMLElement).getByText('You need to be signed in to add items to your wishlist'),
    ).toBeTruthy();
    // Asked twice, said once.
    expect(useToastStore.getState().toasts).toHaveLength(1);

    const signIn = within(toast as HTMLElement).getByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/auth?returnTo=%2Fproducts%3Fcategory%3Dbasics');
    await user.click(signIn);
    expect(router.state.location.pathname).toBe('/auth');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/products?category=basics');
  });

  it('builds the sign-in address with the return path as one encoded parameter', () => {
    expect(signInHref('/product/tee?color=Black&size=M')).toBe(
      '/auth?returnTo=%2Fproduct%2Ftee%3Fcolor%3DBlack%26size%3DM',
    );
  });
});
