import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { CLIENT_TIME_BUDGETS, clientOptions } from './time-budget';

/** CloudFront's API is global; its endpoint is in us-east-1 whatever the function's region. */
export const cloudfront = new CloudFrontClient({
  region: 'us-east-1',
  ...clientOptions(CLIENT_TIME_BUDGETS.cloudfront),
});
