import { CloudFrontClient } from '@aws-sdk/client-cloudfront';

/** CloudFront's API is global; its endpoint is in us-east-1 whatever the function's region. */
export const cloudfront = new CloudFrontClient({ region: 'us-east-1' });
