import Stripe from 'stripe';
import { config } from '../config';
import { stripeSecrets } from '../secrets';
import type { StripeResourceName } from './stripe-resources';

/**
 * The SDK as the bundles have it: the resources of STRIPE_RESOURCES, webhook verification, and
 * nothing else the shop could reach for by accident.
 */
export type ShopStripe = Pick<Stripe, StripeResourceName | 'webhooks'>;

let current: { secretKey: string; stripe: ShopStripe } | undefined;

/**
 * The Stripe SDK, pointed at STRIPE_API_URL and keyed from Secrets Manager. Rebuilt only when
 * the key changes (a rotation), so a warm function keeps its connection pool.
 */
export async function stripeClient(): Promise<ShopStripe> {
  const { secretKey } = await stripeSecrets();
  if (current?.secretKey !== secretKey) {
    const url = new URL(config().stripeApiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    current = {
      secretKey,
      stripe: new Stripe(secretKey, {
        host: url.hostname,
        port: url.port || (protocol === 'http' ? 80 : 443),
        protocol,
        // Every write carries an idempotency key, so the SDK's own retries cannot double anything.
        maxNetworkRetries: 2,
        timeout: 10_000,
        appInfo: { name: 'linea-shop' },
      }),
    };
  }
  return current.stripe;
}
