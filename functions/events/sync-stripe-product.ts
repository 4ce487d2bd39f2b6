import { products } from '../data/product-repository';
import { stripeClient } from '../lib/clients/stripe';
import { eventConsumer } from '../lib/event-consumer';

/**
 * Creates the product at Stripe on its first save and keeps its name, description and active
 * flag in step afterwards; the Stripe id is stored on the product. The creation carries an
 * idempotency key, so a retry after a lost answer cannot make a second Stripe product.
 */
export const handler = eventConsumer('ProductSaved', async (detail) => {
  const product = await products.getById(detail.productId);
  if (!product) return; // deleted since: ProductDeleted archives it
  const stripe = await stripeClient();
  const fields = {
    name: product.name,
    description: product.description,
    active: product.active,
    metadata: { productId: product.id },
  };
  if (product.stripeProductId) {
    await stripe.products.update(product.stripeProductId, fields);
    return;
  }
  const created = await stripe.products.create(fields, { idempotencyKey: `linea-product-${product.id}` });
  // Deleted while Stripe was answering: its ProductDeleted knew no Stripe id, so archive it here.
  if (!(await products.setStripeProductId(product.id, created.id))) {
    await stripe.products.update(created.id, { active: false });
  }
});
