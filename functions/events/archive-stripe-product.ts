import { stripeClient } from '../lib/clients/stripe';
import { eventConsumer } from '../lib/event-consumer';

/** Stripe keeps a product that was sold; a deleted one is archived there (inactive), not deleted. */
export const handler = eventConsumer('ProductDeleted', async (detail) => {
  if (!detail.stripeProductId) return;
  const stripe = await stripeClient();
  await stripe.products.update(detail.stripeProductId, { active: false });
});
