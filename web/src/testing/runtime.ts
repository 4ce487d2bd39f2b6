import { afterEach, beforeEach, vi } from 'vitest';
import type { CartLine } from '@linea/shared/domain/cart';
import { setRuntimeConfigForTesting } from '../config/runtime-config';
import { useCartStore } from '../stores/cart-store';
import { useSessionStore, type SessionStatus } from '../stores/session-store';
import { testConfig } from './fixtures';

/**
 * Registers, for every test of the file (or describe block) it is called in: the test runtime
 * config and a cart of `cart` before, and after, taking back what a test may have changed: stubbed
 * globals (fetch), the config, the cart and the session storage (where checkout keeps its draft).
 */
export function setUpTestRuntime({
  cart = [],
  session,
}: {
  cart?: readonly CartLine[];
  /** A session already known to the app, so no test waits for Amplify to be asked. */
  session?: SessionStatus;
} = {}): void {
  beforeEach(() => {
    setRuntimeConfigForTesting(testConfig);
    useCartStore.setState({ lines: [...cart] });
    if (session) useSessionStore.setState({ status: session, confirmed: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setRuntimeConfigForTesting(undefined);
    useCartStore.setState({ lines: [] });
    sessionStorage.clear();
  });
}
