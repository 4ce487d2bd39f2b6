import { S3Client } from '@aws-sdk/client-s3';
import { CLIENT_TIME_BUDGETS, clientOptions } from './time-budget';

/**
 * Locally the S3 stand-in answers on one host, so buckets are addressed by path
 * (`/<bucket>/<key>`); in the cloud, by virtual host as S3 prefers.
 */
export const s3 = new S3Client({
  forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
  ...clientOptions(CLIENT_TIME_BUDGETS.s3),
});
