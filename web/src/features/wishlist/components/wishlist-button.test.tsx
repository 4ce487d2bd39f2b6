import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDto } from '@linea/shared/contracts/products';
import { setRuntimeConfigForTesting } from '../../../config/runtime-config';
import { useSessionStore } from '../../../stores/session-store';
import { useToastStore } from '../../../stores/toast-store';
import { apiRequestUrl, productFixture, testConfig } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { WishlistButton } from './wishlist-button';

const tee = productFixture({ id: 'tee', name: 'Essential Organic Tee' });

/** A tiny wishlist server: GET lists, PUT and DELETE answer 204 (or `failWith`). */
function stubWishlistApi({ saved = [] as ProductDto[], failWith }: { saved?: ProductDto[]; failWith?: number } = {}) {
  let items = [...saved];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = apiRequestUrl(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && pathname === '/wishlist') {
      return new Response(JSON.stringify({ items }), { headers: { 'content-type': 'application/json' } });
    }
    if (failWith) return new Response(JSON.stringify({ error: 'INTERNAL', message: 'boom' }), { status: failWith });
    const id = decodeURIComponent(pathname.replace('/wishlist/', ''));
    if (method === 'PUT') items = [tee, ...items.filter((item) => item.id !== id)];
    if (method === 'DELETE') items = items.filter((item) => item.id !== id);
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const calls = (fetch: ReturnType<typeof stubWishlistApi>) =>
  fetch.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${apiRequestUrl(input).pathname}`);
const toasts = () => useToastStore.getState().toasts.map(({ title, description }) => ({ title, description }));

beforeEach(() => {
  setRuntimeConfigForTesting(testConfig);
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setRuntimeConfigForTesting(undefined);
  useSessionStore.setState({ status: 'signedOut', confirmed: true });
});

describe('WishlistButton', () => {
  it('asks a signed-out shopper to sign in, without any request', async () => {
    const user = userEvent.setup({ delay: null });
    useSessionStore.setState({ status: 'signedOut', confirmed: true });
    const fetch = stubWishlistApi();
    renderWithProviders(<WishlistButton product={tee} />);

    const heart = screen.getByRole('button', { name: 'Add to wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await user.click(heart);

    expect(toasts()).toEqual([
      { title: 'Please sign in', description: 'You need to be signed in to add items to your wishlist' },
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('saves with PUT and removes with DELETE for a signed-in shopper, pressed in between', async () => {
    const user = userEvent.setup({ delay: null });
    useSessionStore.setState({ status: 'signedIn', confirmed: true });
    const fetch = stubWishlistApi();
    renderWithProviders(<WishlistButton product={tee} />);
    await waitFor(() => expect(calls(fetch)).toEqual(['GET /wishlist']));

    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    const saved = screen.getByRole('button', { name: 'Remove from wishlist' });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(toasts()).toEqual([{ title: 'Added to wishlist', description: undefined }]));
    expect(calls(fetch)).toContain('PUT /wishlist/tee');

    await user.click(saved);
    expect(screen.getByRole('button', { name: 'Add to wishlist' }).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(toasts()[1]).toEqual({ title: 'Removed from wishlist', description: undefined }));
    expect(calls(fetch)).toContain('DELETE /wishlist/tee');
  });

  it('shows a saved product as pressed', async () => {
    useSessionStore.setState({ status: 'signedIn', confirmed: true });
    stubWishlistApi({ saved: [tee] });
    renderWithProviders(<WishlistButton product={tee} />);
    const heart = await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
  });

  it('rolls back and says so when saving fails', async () => {
    const user = userEvent.setup({ delay: null });
    useSessionStore.setState({ status: 'signedIn', confirmed: true });
    stubWishlistApi({ failWith: 500 });
    renderWithProviders(<WishlistButton product={tee} />);

    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await waitFor(() => expect(toasts()).toEqual([{ title: 'Error', description: 'Failed to add item to wishlist' }]));
    expect(screen.getByRole('button', { name: 'Add to wishlist' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('rolls back and says so when removing fails', async () => {
    const user = userEvent.setup({ delay: null });
    useSessionStore.setState({ status: 'signedIn', confirmed: true });
    stubWishlistApi({ saved: [tee], failWith: 500 });
    renderWithProviders(<WishlistButton product={tee} />);

    await user.click(await screen.findByRole('button', { name: 'Remove from wishlist' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ title: 'Error', description: 'Failed to remove item from wishlist' }]),
    );
    expect(screen.getByRole('button', { name: 'Remove from wishlist' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('reloads on sign-in and forgets the list on sign-out', async () => {
    useSessionStore.setState({ status: 'signedIn', confirmed: true });
    const fetch = stubWishlistApi({ saved: [tee] });
    const { queryClient } = renderWithProviders(<WishlistButton product={tee} />);
    await screen.findByRole('button', { name: 'Remove from wishlist' });

    useSessionStore.setState({ status: 'signedOut', confirmed: true });
    expect(await screen.findByRole('button', { name: 'Add to wishlist' })).toBeTruthy();
    expect(queryClient.getQueryCache().findAll({ queryKey: ['account', 'wishlist'] })).toHaveLength(0);

    useSessionStore.setState({ status: 'signedIn', confirmed: true });
    await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(calls(fetch)).toEqual(['GET /wishlist', 'GET /wishlist']);
  });
});
