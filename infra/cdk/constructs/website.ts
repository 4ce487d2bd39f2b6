import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Duration, Lazy, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, OriginGroup, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Policy } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { API_PATH, withRuntimeConfig, type WebRuntimeConfig } from '@linea/shared/contracts/runtime-config';
import { buildRobotsTxt } from '@linea/shared/domain/site-map';
import { PAGE_ROUTING_CODE, PAGES_PREFIX } from '@linea/web/server/page-routing';
import { Construct } from 'constructs';
import { securityHeaders, STRIPE_CHECKOUT_ORIGIN, type SecurityHeaders } from '../../security-headers';
import type { RouteDefinition } from '../../../functions/routes';
import { acceptNag, managedPolicy, policyWildcards } from '../nag';

export type { WebRuntimeConfig };

/**
 * CloudFront Function (cloudfront-js-2.0) on viewer requests of `/api/*`: API Gateway knows its
 * routes without the prefix (`/api/products?lang=de` is `GET /products`). The query string is
 * not part of `uri` and passes unchanged.
 */
export const STRIP_API_PREFIX_CODE = `function handler(event) {
  var request = event.request;
  var prefix = '${API_PATH}';
  if (request.uri === prefix) {
    request.uri = '/';
  } else if (request.uri.indexOf(prefix + '/') === 0) {
    request.uri = request.uri.substring(prefix.length);
  }
  return request;
}`;

/**
 * CloudFront Function (cloudfront-js-2.0) on viewer requests of the site's default behaviour:
 * each page path gets its prerendered page in the visitor's language, or the app's shell (see
 * web/src/server/page-routing.ts, which the local web server runs too); files stay as they are.
 * A function, not the distribution's custom error pages, because those apply to every behaviour
 * and would turn the API's own 403 and 404 answers into HTML.
 */
export { PAGE_ROUTING_CODE };

/** The CloudFront path pattern of a route under `/api`: `/products/{id}` is `/api/products/*`. */
export function apiPathPattern(routePath: string): string {
  const param = routePath.indexOf('{');
  return `${API_PATH}${param < 0 ? routePath : `${routePath.slice(0, param)}*`}`;
}

/** Whether a CloudFront path pattern (`*` any characters, `?` one) matches a path. */
export function pathPatternMatches(pattern: string, urlPath: string): boolean {
  const regex = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${regex}$`).test(urlPath);
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
  /**
   * Hosts product images may come from besides the site itself (its Content Security Policy's
   * img-src); uploaded photos are served under /media/ on the site's own origin.
   * @default none
   */
  readonly imageHosts?: readonly string[];
  /**
   * ARN of a WAF web ACL (scope CLOUDFRONT, in us-east-1) in front of the whole site, API included.
   * @default none
   */
  readonly webAclArn?: string;
  /**
   * Headers CloudFront adds to every request it sends to the API: the origin header by which the
   * route functions tell a request through the site from one to the API's own address.
   * @default none
   */
  readonly apiOriginHeaders?: Readonly<Record<string, string>>;
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
  /** The HTTP API's host, known once addApi() is called; its origin is made in the constructor. */
  private apiDomainName?: string;
  private readonly apiOrigin: HttpOrigin;
  private content?: BucketDeployment;
  private publishedConfig?: WebRuntimeConfig;
  private apiRouted = false;

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
    acceptNag(
      this.bucket,
      'S1',
      'Read only by CloudFront (OAC), written only by the deployment and the storefront pages function. Server ' +
        'access logs would need a log bucket of their own; object-level audit, if needed, is CloudTrail data events.',
    );

    const headers = securityHeaders({
      cognito: `https://cognito-idp.${Stack.of(this).region}.amazonaws.com`,
      mediaUploads: `https://${props.mediaBucket.bucketRegionalDomainName}`,
      stripeCheckout: STRIPE_CHECKOUT_ORIGIN,
      imageHosts: props.imageHosts,
      httpsOnly: true,
    });
    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'LINEA storefront security headers',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(headers.strictTransportSecurity.maxAgeSeconds),
          includeSubdomains: headers.strictTransportSecurity.includeSubdomains,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption[headers.frameOptions], override: true },
        referrerPolicy: { referrerPolicy: referrerPolicyOf(headers.referrerPolicy), override: true },
        contentSecurityPolicy: { contentSecurityPolicy: headers.contentSecurityPolicy, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: headers.permissionsPolicy, override: true }],
      },
    });

    const pageRouting = new CloudFrontFunction(this, 'PageRouting', {
      comment: 'LINEA: each page path gets its prerendered page in the visitor language',
      code: FunctionCode.fromInline(PAGE_ROUTING_CODE),
      runtime: FunctionRuntime.JS_2_0,
    });

    // One origin for the API, whose host addApi() tells: /api/* goes to it, and the default
    // behaviour fails over to it when the bucket has no page for a path.
    this.apiOrigin = new HttpOrigin(
      Lazy.string({
        produce: () => {
          if (!this.apiDomainName) throw new Error('Website: call addApi(httpApi, routes) first.');
          return this.apiDomainName;
        },
      }),
      // API Gateway's own limit: the shop assistant may take up to 29 s.
      {
        readTimeout: Duration.seconds(30),
        ...(props.apiOriginHeaders ? { customHeaders: { ...props.apiOriginHeaders } } : {}),
      },
    );

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'LINEA storefront',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // Shoppers are in Switzerland; Europe and North America's edges are enough.
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        // A page path with no page in the bucket (a product that never existed) is answered by
        // the API's GET /pages/{page+}: the not-found page in the path's language, with a 404.
        // A failover, not custom error pages: those would apply to the API's own 403 and 404.
        origin: new OriginGroup({
          primaryOrigin: S3BucketOrigin.withOriginAccessControl(this.bucket),
          fallbackOrigin: this.apiOrigin,
          fallbackStatusCodes: [403, 404],
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: true,
        // The routing function writes the language and the page into the path: the cache key.
        functionAssociations: [{ function: pageRouting, eventType: FunctionEventType.VIEWER_REQUEST }],
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
      // No custom error responses: they would apply to /api/* too (see PAGE_ROUTING_CODE).
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
    });
    acceptNag(
      this.distribution,
      'CFR1',
      'No geo restriction: the shop ships to Switzerland but is read from anywhere (Swiss abroad, visitors, search ' +
        'crawlers); blocking countries would turn them away and stop no attacker.',
    );
    if (!props.webAclArn) {
      acceptNag(
        this.distribution,
        'CFR2',
        'A web ACL is billed per month and per request: deploy with -c waf=true to put the WafStack in front.',
      );
    }
    acceptNag(
      this.distribution,
      'CFR3',
      "Requests to /api/* are in the HTTP API stage's access log (Api/AccessLogs); the rest are anonymous, cached " +
        "reads of the app and its pages, counted by CloudFront's metrics. Standard logs would need a log bucket or " +
        'three delivery resources for lines nobody reads.',
    );
    acceptNag(
      this.distribution,
      'CFR4',
      'Served on the default *.cloudfront.net certificate, with which CloudFront fixes the minimum viewer protocol; ' +
        'TLSv1.2_2021 needs a custom domain and its ACM certificate, which the shop does not have yet.',
    );

    this.node.addValidation({
      validate: () => [
        ...(this.apiRouted ? [] : ['Website: call addApi(httpApi, routes) so the app finds its API under /api.']),
        ...(this.content ? [] : ['Website: call deployContent(config) so the app and its config are published.']),
      ],
    });
  }

  /**
   * Serves the HTTP API under this origin's `/api/*`, so the browser makes no CORS preflight and
   * opens no second connection. API Gateway gets every viewer header but Host (it needs its own)
   * and nothing is cached, except the answers of routes the table marks `cache: 'shared'`:
   * those get behaviours of their own, GET and HEAD only, that keep an answer as long as its
   * Cache-Control allows (nothing without one). A cached behaviour's key is the path and query
   * string alone, and the origin sees nothing else: a token is not forwarded, so a shared answer
   * can never depend on who asked.
   */
  addApi(httpApi: IHttpApi, routes: readonly RouteDefinition[]): void {
    if (this.apiRouted) throw new Error('Website: addApi() may be called only once.');
    this.apiRouted = true;
    const stack = Stack.of(this);
    this.apiDomainName = `${httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    const origin = this.apiOrigin;
    const stripPrefix = new CloudFrontFunction(this, 'ApiPrefix', {
      comment: 'LINEA: /api/* reaches API Gateway without the prefix',
      code: FunctionCode.fromInline(STRIP_API_PREFIX_CODE),
      runtime: FunctionRuntime.JS_2_0,
    });
    const viaApi: Omit<BehaviorOptions, 'cachePolicy' | 'allowedMethods'> = {
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      responseHeadersPolicy: this.responseHeadersPolicy,
      functionAssociations: [{ function: stripPrefix, eventType: FunctionEventType.VIEWER_REQUEST }],
    };

    const shared = routes.filter((route) => route.cache === 'shared');
    const patterns = [...new Set(shared.map((route) => apiPathPattern(route.path)))];
    for (const route of routes) {
      const samplePath = `${API_PATH}${route.path.replace(/\{[^}]+\}/g, 'x')}`;
      const pattern = patterns.find((candidate) => pathPatternMatches(candidate, samplePath));
      if (pattern && (route.cache !== 'shared' || route.method !== 'GET' || route.access !== 'public')) {
        throw new Error(
          `Website: ${route.method} ${route.path} falls under the cached behaviour ${pattern}, but only public GET ` +
            "routes with cache: 'shared' may; give it another path in functions/routes.ts.",
        );
      }
    }
    if (patterns.length) {
      const catalogueCache = new CachePolicy(this, 'ApiSharedCache', {
        comment: 'LINEA: public API reads, kept as long as their Cache-Control says, nothing without one',
        minTtl: Duration.seconds(0),
        defaultTtl: Duration.seconds(0),
        maxTtl: Duration.hours(1),
        queryStringBehavior: CacheQueryStringBehavior.all(),
        headerBehavior: CacheHeaderBehavior.none(),
        cookieBehavior: CacheCookieBehavior.none(),
        enableAcceptEncodingGzip: true,
        enableAcceptEncodingBrotli: true,
      });
      for (const pattern of patterns) {
        // No origin request policy: API Gateway sees the cache key (path, query) and its own Host only.
        this.distribution.addBehavior(pattern, origin, {
          ...viaApi,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: catalogueCache,
        });
      }
    }
    this.distribution.addBehavior(`${API_PATH}/*`, origin, {
      ...viaApi,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      // With caching off, CloudFront forwards Authorization under this origin request policy.
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    });
  }

  /**
   * What the published app is made of: the build's index.html (which names every entry chunk by
   * its content hash) and the runtime config (its ids resolved at deploy). A change of either
   * means the prerendered pages must be rendered again.
   */
  get publishedApp(): { build: string; config: WebRuntimeConfig } {
    if (!this.publishedConfig) throw new Error('Website: call deployContent(config) first.');
    const index = readFileSync(path.join(this.assetDir, 'index.html'));
    return { build: createHash('sha256').update(index).digest('hex'), config: this.publishedConfig };
  }

  /** The storefront's origin, e.g. `https://d123.cloudfront.net`. */
  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Publishes the built app, its HTML pages carrying the runtime config (`apiUrl` is `/api`, see
   * addApi). Separate from the constructor because the config names the user pool, whose
   * functions in turn need this site's URL.
   */
  deployContent(config: Omit<WebRuntimeConfig, 'apiUrl'>): BucketDeployment {
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

    // Every page carries the config, read at synth; its ids are tokens that the deployment
    // fills in at deploy time. The app reads it before its first render, with no request.
    const runtimeConfig: WebRuntimeConfig = { ...config, apiUrl: API_PATH };
    this.publishedConfig = runtimeConfig;
    const pages = htmlPages(this.assetDir).map((page) =>
      Source.data(page, withRuntimeConfig(readFileSync(path.join(this.assetDir, page), 'utf8'), runtimeConfig)),
    );
    this.content = new BucketDeployment(this, 'Content', {
      sources: [
        // .vite/ holds the build's manifest (chunk names and source paths) for the budget check only.
        Source.asset(this.assetDir, { exclude: [HASHED_ASSETS_DIR, '.vite', 'robots.txt', '*.html', '**/*.html'] }),
        ...pages,
        // The sitemap is the API's, under this origin.
        Source.data('robots.txt', buildRobotsTxt(`${this.url}${API_PATH}`)),
      ],
      destinationBucket: this.bucket,
      // Pruning must leave the hashed assets, which the other deployment owns, and the
      // prerendered pages, which the storefront pages function writes after each deploy.
      exclude: [`${HASHED_ASSETS_DIR}/*`, `${PAGES_PREFIX}*`],
      // index.html (with its config) changes on every deploy under the same name.
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup,
    });
    // index.html may only point at chunks that are already there.
    if (hashedAssets) this.content.node.addDependency(hashedAssets);
    acceptDeploymentProvider(this);
    return this.content;
  }
}

/**
 * BucketDeployment's copy function is a singleton CDK makes at the stack's root and owns: its
 * runtime, its managed policy and its grants (the CDK asset bucket, the whole site bucket, the
 * invalidation) are CDK's, not the shop's to narrow.
 */
function acceptDeploymentProvider(scope: Construct): void {
  const provider = Stack.of(scope).node.children.find((child) =>
    child.node.id.startsWith('Custom::CDKBucketDeployment'),
  );
  if (!provider) return;
  const owned = "CDK's BucketDeployment provider, which CDK creates and owns.";
  acceptNag(provider, 'L1', `${owned} Its runtime is CDK's choice.`);
  acceptNag(provider, managedPolicy('service-role/AWSLambdaBasicExecutionRole'), `${owned} Its role is CDK's.`);
  const policy = provider.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy');
  if (policy instanceof Policy) {
    for (const finding of policyWildcards(provider, policy.document)) {
      acceptNag(
        provider,
        finding,
        `${owned} It copies the build from the CDK asset bucket into the site bucket and invalidates the distribution.`,
      );
    }
  }
}

/** CloudFront's enum member for a Referrer-Policy value (its members' values are the header's own). */
function referrerPolicyOf(value: SecurityHeaders['referrerPolicy']): HeadersReferrerPolicy {
  const member = Object.values(HeadersReferrerPolicy).find((candidate) => candidate === value);
  if (!member) throw new Error(`Website: CloudFront has no Referrer-Policy ${value}`);
  return member;
}

/** The HTML pages of the build (index.html and any other), as paths relative to it; not under assets/. */
function htmlPages(assetDir: string): string[] {
  return readdirSync(assetDir, { recursive: true, encoding: 'utf8' })
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((entry) => entry.endsWith('.html') && !entry.startsWith(`${HASHED_ASSETS_DIR}/`))
    .sort();
}
