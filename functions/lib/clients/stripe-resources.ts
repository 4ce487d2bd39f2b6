import type Stripe from 'stripe';

/**
 * The Stripe API resources the shop calls, by their property on the client. The Lambda bundles
 * carry only these (infra/cdk/bundling/stripe-pruned.ts): the SDK builds all ~250 of its resources
 * in its constructor, so esbuild cannot drop the unused ones (~165 KiB of every Stripe function).
 * `stripeClient()` is typed with these alone, so calling another one is a compile error rather
 * than an `undefined` at run time in Lambda; add it here first.
 *
 * No imports beyond the SDK's types: the CDK app reads this list at synth time.
 */
export const STRIPE_RESOURCES = ['checkout', 'coupons', 'products'] as const satisfies readonly (keyof Stripe)[];

export type StripeResourceName = (typeof STRIPE_RESOURCES)[number];
