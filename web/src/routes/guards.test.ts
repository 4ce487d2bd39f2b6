import type { LoaderFunctionArgs } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../stores/session-store';
import { redirectIfSignedIn, requireSession } from './guards';

const args = (url: string) => ({ request: new Request(`http://shop.test${url}`), params: {} }) as LoaderFunctionArgs;
const location = (result: unknown) => (result instanceof Response ? result.headers.get('location') : null);
const initial = useSessionStore.getState();

afterEach(() => useSessionStore.setState(initial, true));

describe('route guards', () => {
  it('sends a signed-out visitor of the account to /auth with the way back', () => {
    useSessionStore.setState({ status: 'signedOut' });
    expect(location(requireSession(args('/dashboard?tab=orders')))).toBe('/auth?returnTo=%2Fdashboard%3Ftab%3Dorders');
  });

  it('lets a signed-in shopper through to the account', () => {
    useSessionStore.setState({ status: 'signedIn' });
    expect(requireSession(args('/dashboard'))).toBeNull();
  });

  it('sends a signed-in visitor of /auth where the link asked, when it stays on the site', () => {
    useSessionStore.setState({ status: 'signedIn' });
    expect(location(redirectIfSignedIn(args('/auth?returnTo=%2Fwishlist')))).toBe('/wishlist');
    expect(location(redirectIfSignedIn(args('/auth?returnTo=https%3A%2F%2Fevil.test')))).toBe('/dashboard');
    expect(location(redirectIfSignedIn(args('/auth')))).toBe('/dashboard');
  });

  it('shows /auth to a signed-out visitor', () => {
    useSessionStore.setState({ status: 'signedOut' });
    expect(redirectIfSignedIn(args('/auth?returnTo=%2Fwishlist'))).toBeNull();
  });
});
