import { afterEach, beforeEach, vi } from 'vitest';
import type { CartLine } from '@linea/shared/domain/cart';
import { runtimeConfigScript } from '@linea/shared/contracts/runtime-config';
import { setRuntimeConfigForTesting } from '../config/runtime-config';
import type { RuntimeConfig } from '../config/runtime-config-schema';
import { useCartStore } from '../stores/cart-store';
import { useSessionStore, type SessionStatus } from '../stores/session-store';
import { testConfig } from './fixtures';

/**
 * Puts `config` into the document as a host serves it (a JSON script element in the head) and
 * forgets any config read before, so the app reads this one the way it does in a browser.
 * Returns what takes it out again.
 */
export function embedRuntimeConfig(config: RuntimeConfig): () => void {
  const template = document.createElement('template');
  template.innerHTML = runtimeConfigScript(config);
  const script = template.content.firstElementChild as HTMLScriptElement;
  document.head.append(script);
  setRuntimeConfigForTesting(undefined);
  return () => {
    script.remove();
    setRuntimeConfigForTesting(undefined);
  };
}

/**
 * Registers, for every test of the file (or describe block) it is called in: the test runtime
 * config embedded in the page and a cart of `cart` before, and after, taking back what a test may
 * have changed: stubbed globals (fetch), the config, the cart and the session storage (where
 * checkout keeps its draft).
 */
export function setUpTestRuntime({
  cart = [],
  session,
}: {
  cart?: readonly CartLine[];
  /** A session already known to the app, so no test waits for Amplify to be asked. */
  session?: SessionStatus;
} = {}): void {
  let removeConfig: (() => void) | undefined;
  beforeEach(() => {
    removeConfig = embedRuntimeConfig(testConfig);
    useCartStore.setState({ lines: [...cart] });
    if (session) useSessionStore.setState({ status: session, confirmed: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    removeConfig?.();
    useCartStore.setState({ lines: [] });
    sessionStorage.clear();
  });
}
