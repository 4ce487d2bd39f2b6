import type { Context, EventBridgeEvent } from 'aws-lambda';
import { answerCloudFormation, isCloudFormationEvent } from '../lib/cloudformation';
import { eventConsumer } from '../lib/event-consumer';
import { renderStorefrontPages, type RenderedPages } from '../services/storefront-pages';

const onSaved = eventConsumer('ProductSaved', async (detail) => {
  await renderStorefrontPages({ productId: detail.productId });
});
const onDeleted = eventConsumer('ProductDeleted', async (detail) => {
  await renderStorefrontPages({ productId: detail.productId });
});

type ProductEvent = EventBridgeEvent<'ProductSaved' | 'ProductDeleted', unknown>;

/**
 * A product change re-renders the pages that show it (its own page, home, the lists). The
 * deploy's custom resource (after each new web build) renders every page, and so does an
 * invocation with no event (`npm start` after it publishes the app).
 */
export async function handler(event: unknown, context?: Pick<Context, 'functionName'>): Promise<RenderedPages | void> {
  if (isCloudFormationEvent(event)) return answerCloudFormation(event, () => renderStorefrontPages({ all: true }));
  if (typeof event !== 'object' || event === null || !('detail-type' in event)) {
    return renderStorefrontPages({ all: true });
  }
  const productEvent = event as ProductEvent;
  if (productEvent['detail-type'] === 'ProductDeleted') {
    return onDeleted(productEvent as EventBridgeEvent<'ProductDeleted', unknown>, context);
  }
  return onSaved(productEvent as EventBridgeEvent<'ProductSaved', unknown>, context);
}
