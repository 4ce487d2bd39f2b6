import { create } from 'zustand';
import * as session from '../lib/auth/session';

export type SessionStatus = 'signedIn' | 'signedOut';

interface SessionState {
  status: SessionStatus;
  /** False while the status is only the storage hint; true once Amplify has confirmed it. */
  confirmed: boolean;
  /** Reads the hint synchronously, then lets Amplify confirm a stored session in the background. */
  init: () => void;
  /** `totpCode`: not signed in yet, the authenticator app's code is awaited (confirmTotp). */
  signIn: (email: string, password: string) => Promise<session.SignInOutcome>;
  confirmTotp: (code: string) => Promise<void>;
  signUp: (input: session.SignUpInput) => Promise<void>;
  signOut: () => Promise<void>;
  /** The session is gone (sign-out elsewhere, failed refresh, a 401 from the API). */
  sessionEnded: () => void;
}

/**
 * Client state only: whether there is a session. Who the shopper is comes from the API (GET /me)
 * through the server cache, not from here.
 */
export const useSessionStore = create<SessionState>()((set, get) => ({
  status: 'signedOut',
  confirmed: false,
  init: () => {
    const hinted = session.hasSessionHint();
    set({ status: hinted ? 'signedIn' : 'signedOut', confirmed: !hinted });
    if (hinted) {
      void session.confirmSession().then(
        (ok) => set({ status: ok ? 'signedIn' : 'signedOut', confirmed: true }),
        () => set({ confirmed: true }), // could not ask (offline): keep the hint
      );
    }
  },
  signIn: async (email, password) => {
    const outcome = await session.signIn(email, password);
    if (outcome === 'signedIn') set({ status: 'signedIn', confirmed: true });
    return outcome;
  },
  confirmTotp: async (code) => {
    await session.confirmSignInWithTotp(code);
    set({ status: 'signedIn', confirmed: true });
  },
  signUp: (input) => session.signUp(input),
  signOut: async () => {
    await session.signOut();
    get().sessionEnded();
  },
  sessionEnded: () => set({ status: 'signedOut', confirmed: true }),
}));

session.onSessionEnded(() => useSessionStore.getState().sessionEnded());

export const selectIsSignedIn = (state: SessionState): boolean => state.status === 'signedIn';
