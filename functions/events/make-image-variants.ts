import type { EventBridgeEvent } from 'aws-lambda';
import { s3ObjectCreatedDetail } from '../lib/s3-events';
import { makeImageVariants } from '../services/image-variants';

/** S3 reports an admin's upload; its web-sized variants are made (see makeImageVariants). */
export const handler = async (event: EventBridgeEvent<'Object Created', unknown>): Promise<void> => {
  if (event.source !== 'aws.s3' || event['detail-type'] !== 'Object Created') {
    throw new Error(`make-image-variants received ${event.source} ${event['detail-type']}`);
  }
  const detail = s3ObjectCreatedDetail.parse(event.detail);
  await makeImageVariants({ bucket: detail.bucket.name, key: detail.object.key });
};
