import { afterEach, beforeEach, vi } from 'vitest';
import type { CartLine } from '@linea/shared/domain/cart';
import { setRuntimeConfigForTesting } from '../config/runtime-config';
import { useCartStore } from '../stores/cart-store';
import { testConfig } from './fixtures';

/**
 * Registers, for every test of the file (or describe block) it is called in: the test runtime
 * config and a cart of `cart` before, and after, taking back what a test may have changed: stubbed
 * globals (fetch), the config, the cart and the session storage (where checkout keeps its draft).
 */
export function setUpTestRuntime({ cart = [] }: { cart?: readonly CartLine[] } = {}): void {
  beforeEach(() => {
    setRuntimeConfigForTesting(testConfig);
    useCartStore.setState({ lines: [...cart] });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setRuntimeConfigForTesting(undefined);
    useCartStore.setState({ lines: [] });
    sessionStorage.clear();
  });
}
