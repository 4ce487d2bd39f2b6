import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { buildRobotsTxt } from '@linea/shared/domain/site-map';
import { Construct } from 'constructs';

/**
 * The `config.json` the web app loads beside index.html, so one build serves every stage.
 * The local launcher writes the same shape.
 */
export interface WebRuntimeConfig {
  readonly apiUrl: string;
  readonly region: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** A Cognito endpoint other than AWS's own (the local stand-in); `null` in the cloud. */
  readonly cognitoEndpoint: string | null;
  readonly authFlow: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
  readonly stage: string;
}

export interface WebsiteProps {
  /**
   * The built web app (Vite's output directory). It must contain index.html; hashed files
   * under `assets/` are served as immutable.
   */
  readonly assetDir: string;
  /**
   * Product photos: its `media/` objects are served under `/media/*` on the site's own origin,
   * and the admin's browser uploads into it directly.
   */
  readonly mediaBucket: IBucket;
}

/** Vite writes content-hashed file names only under this folder. */
const HASHED_ASSETS_DIR = 'assets';

/**
 * The storefront: a private bucket served only through CloudFront (Origin Access Control),
 * with the single-page-app fallback and security headers on every response.
 */
export class Website extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly responseHeadersPolicy: ResponseHeadersPolicy;
  private readonly assetDir: string;
  private content?: BucketDeployment;

  constructor(scope: Construct, id: string, props: WebsiteProps) {
    super(scope, id);
    if (!existsSync(path.join(props.assetDir, 'index.html'))) {
      throw new Error(
        `Website: ${path.join(props.assetDir, 'index.html')} does not exist. ` +
          'Run `npm run build` first (it builds web/dist), then synth or deploy again.',
      );
    }
    this.assetDir = props.assetDir;

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
    });

    const region = Stack.of(this).region;
    // The API's own host cannot be named here: the API's CORS rule names this distribution's
    // domain, so the reverse reference would be a dependency cycle. Any API Gateway host of the
    // stack's region is the narrowest source that avoids it.
    const contentSecurityPolicy = [
      "default-src 'self'",
      "script-src 'self'",
      // Inline styles cannot run code, and UI libraries inject them; inline script stays banned.
      "style-src 'self' 'unsafe-inline'",
      // Product images are URLs the admin enters, so they may come from any HTTPS host.
      "img-src 'self' data: https:",
      "font-src 'self' data:",
      // The media bucket takes the admin's uploads (presigned POST) straight from the browser.
      `connect-src 'self' https://*.execute-api.${region}.amazonaws.com https://cognito-idp.${region}.amazonaws.com https://${props.mediaBucket.bucketRegionalDomainName}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      'upgrade-insecure-requests',
    ].join('; ');

    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'LINEA storefront security headers',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Permissions-Policy',
            value: 'camera=(), microphone=(), geolocation=(), payment=()',
            override: true,
          },
        ],
      },
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'LINEA storefront',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // Shoppers are in Switzerland; Europe and North America's edges are enough.
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: true,
      },
      additionalBehaviors: {
        // Variants' names carry their image id and never change: cached at the edge and in browsers.
        '/media/*': {
          origin: S3BucketOrigin.withOriginAccessControl(props.mediaBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: this.responseHeadersPolicy,
        },
      },
      // Client-side routes (/product/42, /dashboard) are not objects: S3 answers 403 for a
      // missing key without ListBucket, so both codes fall back to the app shell.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
      })),
    });

    this.node.addValidation({
      validate: () =>
        this.content ? [] : ['Website: call deployContent(config) so the app and its config.json are published.'],
    });
  }

  /** The storefront's origin, e.g. `https://d123.cloudfront.net`. */
  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Publishes the built app and its `config.json`. Separate from the constructor because the
   * config names the API and the user pool, whose functions in turn need this site's URL.
   */
  deployContent(config: WebRuntimeConfig): BucketDeployment {
    if (this.content) throw new Error('Website: deployContent() may be called only once.');
    // Both deployments share one singleton copy function, so they must name the same log group.
    const logGroup = new LogGroup(this, 'DeploymentLogGroup', { retention: RetentionDays.ONE_MONTH });

    let hashedAssets: BucketDeployment | undefined;
    if (existsSync(path.join(this.assetDir, HASHED_ASSETS_DIR))) {
      // Never pruned: a browser still holding the previous index.html keeps finding its chunks.
      hashedAssets = new BucketDeployment(this, 'HashedAssets', {
        sources: [Source.asset(path.join(this.assetDir, HASHED_ASSETS_DIR))],
        destinationBucket: this.bucket,
        destinationKeyPrefix: `${HASHED_ASSETS_DIR}/`,
        prune: false,
        cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
        memoryLimit: 512,
        logGroup,
      });
    }

    this.content = new BucketDeployment(this, 'Content', {
      sources: [
        // A config.json left in the build by the local launcher must not reach the cloud.
        Source.asset(this.assetDir, { exclude: [HASHED_ASSETS_DIR, 'config.json', 'robots.txt'] }),
        Source.jsonData('config.json', config),
        Source.data('robots.txt', buildRobotsTxt(config.apiUrl)),
      ],
      destinationBucket: this.bucket,
      // Pruning must leave the hashed assets, which the other deployment owns.
      exclude: [`${HASHED_ASSETS_DIR}/*`],
      // index.html and config.json change on every deploy under the same names.
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup,
    });
    // index.html may only point at chunks that are already there.
    if (hashedAssets) this.content.node.addDependency(hashedAssets);
    return this.content;
  }
}
