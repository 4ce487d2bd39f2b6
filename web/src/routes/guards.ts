import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { paths } from '../config/paths';
import { RETURN_TO_PARAM, safeReturnTo, signInHref } from '../lib/auth/return-to';
import { useSessionStore } from '../stores/session-store';

/**
 * Route loaders that redirect before a page's code is even downloaded. They only steer the UI:
 * the API decides what a caller may see.
 */
export function requireSession({ request }: LoaderFunctionArgs) {
  if (useSessionStore.getState().status === 'signedIn') return null;
  // Back to this very page after signing in.
  const url = new URL(request.url);
  return redirect(signInHref(`${url.pathname}${url.search}`));
}

/** A signed-in visitor of /auth goes where the link asked (a safe path), else to the account. */
export function redirectIfSignedIn({ request }: LoaderFunctionArgs) {
  if (useSessionStore.getState().status !== 'signedIn') return null;
  return redirect(safeReturnTo(new URL(request.url).searchParams.get(RETURN_TO_PARAM)));
}

/** The back office has its own sign-in page; whether the account is an admin, the API says. */
export function requireAdminSession() {
  return useSessionStore.getState().status === 'signedIn' ? null : redirect(paths.adminLogin.getHref());
}
