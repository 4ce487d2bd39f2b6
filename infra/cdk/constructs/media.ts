import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { UPLOAD_PREFIX } from '@linea/shared/contracts/uploads';
import { acceptNag } from '../nag';

export interface MediaProps {
  /**
   * Product photos are content the owner made; keep them unless a stage is throw-away.
   *
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * Product photos: the admin's browser uploads originals into `uploads/` with a presigned POST,
 * S3 reports each to EventBridge, and the media consumer writes the web-sized variants under
 * `media/images/`, which the site's CloudFront serves under `/media/*`. Nothing is public.
 */
export class Media extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: MediaProps = {}) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // The site's origin cannot be named: the distribution serves this bucket, so naming it here
      // would be a dependency cycle. The POST policy, signed per upload, is what guards uploads.
      cors: [
        {
          allowedMethods: [HttpMethods.POST],
          allowedOrigins: ['*'],
          allowedHeaders: ['*'],
          maxAge: Duration.hours(1).toSeconds(),
        },
      ],
      lifecycleRules: [
        // The consumer deletes each original once its variants exist; this catches the rest
        // (an upload the browser abandoned, a file that failed).
        { prefix: UPLOAD_PREFIX, expiration: Duration.days(1) },
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy,
      autoDeleteObjects: removalPolicy === RemovalPolicy.DESTROY,
    });
    acceptNag(
      this.bucket,
      'S1',
      'Written only through presigned POSTs the admin API signs for uploads/ and by the media consumer; read only ' +
        'by CloudFront (OAC). Server access logs would need a log bucket of their own; object-level audit, if ' +
        'needed, is CloudTrail data events.',
    );
    // Set on the bucket itself: `eventBridgeEnabled` would add a helper function (a custom
    // resource) for what CloudFormation does natively.
    (this.bucket.node.defaultChild as CfnBucket).notificationConfiguration = {
      eventBridgeConfiguration: { eventBridgeEnabled: true },
    };
  }
}
