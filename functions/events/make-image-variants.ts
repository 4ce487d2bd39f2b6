import type { Context, EventBridgeEvent } from 'aws-lambda';
import { withCorrelationId } from '../lib/correlation';
import { s3ObjectCreatedDetail } from '../lib/s3-events';
import { makeImageVariants } from '../services/image-variants';

/** S3 reports an admin's upload; its web-sized variants are made (see makeImageVariants). */
export const handler = (
  event: EventBridgeEvent<'Object Created', unknown>,
  context?: Pick<Context, 'functionName'>,
): Promise<void> => withCorrelationId(event.id, () => makeVariants(event), context?.functionName);

async function makeVariants(event: EventBridgeEvent<'Object Created', unknown>): Promise<void> {
  if (event.source !== 'aws.s3' || event['detail-type'] !== 'Object Created') {
    throw new Error(`make-image-variants received ${event.source} ${event['detail-type']}`);
  }
  const detail = s3ObjectCreatedDetail.parse(event.detail);
  await makeImageVariants({ bucket: detail.bucket.name, key: detail.object.key });
}
