import { redirect } from 'react-router-dom';
import { paths } from '../config/paths';
import { useSessionStore } from '../stores/session-store';

/**
 * Route loaders that redirect before a page's code is even downloaded. They only steer the UI:
 * the API decides what a caller may see.
 */
export function requireSession() {
  return useSessionStore.getState().status === 'signedIn' ? null : redirect(paths.auth.getHref());
}

export function redirectIfSignedIn() {
  return useSessionStore.getState().status === 'signedIn' ? redirect(paths.dashboard.getHref()) : null;
}
