import { Duration } from 'aws-cdk-lib';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  type CfnStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import type { ORIGIN_VERIFY_ENV_NAMES } from '../../../functions/lib/config';
import {
  API_CORS,
  areaEntry,
  assertAreaAudience,
  hasAuthorizer,
  routeKey,
  type Access,
  type AreaName,
  type RouteDefinition,
} from '../../../functions/routes';
import { acceptNag } from '../nag';
import { grantUnionOfPermissions, idFromModule, type GrantTargets } from './grants';
import { ShopFunction, type ShopFunctionConfig } from './shop-function';

/**
 * One JSON line per request in the stage's access log: who asked (the address API Gateway saw, and
 * the account where the route has the authorizer),
 * which route answered, how and how fast, and why an integration failed. Deliberately no
 * headers (the Authorization token), no query string and no body: the log must not become a
 * store of tokens or of what shoppers typed.
 */
export const ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  // The signed-in caller of a customer or admin route (the JWT authorizer's subject), so an admin's
  // export or a customer's request can be traced to its account; '-' where no authorizer ran.
  userId: '$context.authorizer.claims.sub',
  method: '$context.httpMethod',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  latency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
} as const;

/** Long enough to look into an incident or an abuse report, short enough not to keep addresses for ever. */
export const ACCESS_LOG_RETENTION = RetentionDays.ONE_MONTH;

export interface ApiProps extends GrantTargets {
  /** Usually `routes` from functions/routes.ts: one route per entry, one function per area. */
  readonly routes: readonly RouteDefinition[];
  /** Usually `fallbackRoute` from functions/routes.ts: serves the `$default` route, in its area's function. */
  readonly fallbackRoute: Pick<RouteDefinition, 'area' | 'handler' | 'permissions'>;
  readonly functionConfig: ShopFunctionConfig;
  /** Tokens of this pool, issued to this client, are what `customer` and `admin` routes accept. */
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /**
   * Browser origins that may call the API across origins (e.g. a development server). The
   * storefront needs none: it calls the API on its own origin, under CloudFront's `/api/*`.
   * Naming the distribution here would also be a dependency cycle, since it names the API.
   *
   * @default - no CORS configuration: cross-origin browser calls are refused
   */
  readonly allowedOrigins?: string[];
  /**
   * The origin header's value CloudFront sends (ORIGIN_VERIFY_ENV_NAMES): route functions refuse
   * requests without it, but for routes that say who calls them directly.
   * @default none: every request is taken
   */
  readonly originVerify?: string;
  /**
   * Routes whose own latency is watched (WATCHED_LATENCY): API Gateway writes per-route metrics
   * (`AWS/ApiGateway` with Method and Resource) for these alone, since each is a paid metric.
   * @default none
   */
  readonly detailedMetricsRoutes?: readonly string[];
}

/**
 * The HTTP API, built from the route table: a function per area (its entry dispatches by route
 * key), the Cognito JWT authorizer on every non-public route, per-route throttling, and a
 * `$default` route answering 404 in our error shape.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  /** The function serving each route, by route key (`GET /products/{id}`): its area's. */
  readonly functions: Readonly<Record<string, ShopFunction>>;
  /** One function per area of the route table (AREAS). */
  readonly areaFunctions: Readonly<Partial<Record<AreaName, ShopFunction>>>;
  /** The function serving `$default`: the fallback route's area's. */
  readonly fallbackFunction: ShopFunction;
  /** The stage's access log: one JSON line per request (ACCESS_LOG_FORMAT). */
  readonly accessLogGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const grantTargets: GrantTargets = {
      table: props.table,
      bus: props.bus,
      emailSender: props.emailSender,
      stripeSecret: props.stripeSecret,
      userPool: props.userPool,
      mediaBucket: props.mediaBucket,
      ...(props.chatModel ? { chatModel: props.chatModel } : {}),
      ...(props.site ? { site: props.site } : {}),
    };
    // Routes with `optional` access check a token in the handler, against the same pool and client.
    const tokenConfig = {
      issuer: `https://${props.userPool.userPoolProviderName}`,
      clientId: props.userPoolClient.userPoolClientId,
    };

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'LINEA shop API (functions/routes.ts)',
      ...(props.allowedOrigins?.length
        ? {
            corsPreflight: {
              allowOrigins: props.allowedOrigins,
              allowHeaders: [...API_CORS.allowHeaders],
              allowMethods: [
                ...new Set(props.routes.map((route) => CorsHttpMethod[route.method])),
                CorsHttpMethod.OPTIONS,
              ],
              maxAge: Duration.seconds(API_CORS.maxAgeSeconds),
            },
          }
        : {}),
    });

    // The authorizer only authenticates; handlers check the admin group themselves.
    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      userPoolClients: [props.userPoolClient],
    });

    const routeFunctions: Record<string, ShopFunction> = {};
    const areaFunctions: Partial<Record<AreaName, ShopFunction>> = {};
    // CloudFormation passes this JSON through untyped, so the keys are its PascalCase names.
    const routeSettings: Record<
      string,
      { ThrottlingRateLimit?: number; ThrottlingBurstLimit?: number; DetailedMetricsEnabled?: boolean }
    > = {};
    const settledRoutes: HttpRoute[] = [];
    const detailed = new Set(props.detailedMetricsRoutes ?? []);

    const areaNames = [...new Set([...props.routes.map((route) => route.area), props.fallbackRoute.area])];
    for (const area of areaNames) {
      const served = props.routes.filter((route) => route.area === area);
      for (const route of served) assertAreaAudience(route);
      const withFallback = props.fallbackRoute.area === area;
      const needs = [...served, ...(withFallback ? [props.fallbackRoute] : [])].map((route) => route.permissions);
      const timeoutSeconds = Math.max(0, ...served.map((route) => route.timeoutSeconds ?? 0));
      const siteRead = needs.some((permissions) => permissions.sitePages === 'read');

      const fn = new ShopFunction(this, `${idFromModule(area)}Function`, {
        handlerModule: areaEntry(area),
        description: `The ${area} area: ${served.length + (withFallback ? 1 : 0)} routes of functions/routes.ts`,
        config: props.functionConfig,
        ...(served.some((route) => route.access === 'optional') ? { tokenConfig } : {}),
        ...(needs.some((permissions) => permissions.deleteUsers) ? { userPoolId: props.userPool.userPoolId } : {}),
        ...(needs.some((permissions) => permissions.media) ? { mediaBucketName: props.mediaBucket.bucketName } : {}),
        // Reading pages needs the bucket alone (the distribution, which fronts this API, is not named).
        ...(siteRead && props.site ? { sitePages: { bucketName: props.site.bucket.bucketName } } : {}),
        ...(needs.some((permissions) => permissions.invokeChatModel) && props.chatModel
          ? { chatModelId: props.chatModel.modelId }
          : {}),
        ...(timeoutSeconds ? { timeout: Duration.seconds(timeoutSeconds) } : {}),
        // Each handler checks the value unless its route is called directly (functions/lib/http.ts).
        ...(props.originVerify && served.some((route) => !route.calledDirectly)
          ? {
              environment: {
                ORIGIN_VERIFY: props.originVerify,
              } satisfies Record<(typeof ORIGIN_VERIFY_ENV_NAMES)[number], string>,
            }
          : {}),
      });
      grantUnionOfPermissions(fn, needs, grantTargets);
      areaFunctions[area] = fn;

      // One integration and one invoke permission for all of the area's routes.
      const integration = new HttpLambdaIntegration(`${idFromModule(area)}Integration`, fn, {
        scopePermissionToRoute: false,
      });
      for (const route of served) {
        const key = routeKey(route);
        const httpRoute = new HttpRoute(this, `${idFromModule(route.handler)}Route`, {
          httpApi: this.httpApi,
          routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
          integration,
          authorizer: hasAuthorizer(route.access) ? authorizer : undefined,
        });
        if (!hasAuthorizer(route.access)) acceptNag(httpRoute, 'APIG4', noAuthorizerReason(key, route.access));
        if (route.throttle || detailed.has(key)) {
          routeSettings[key] = {
            ...(route.throttle
              ? { ThrottlingRateLimit: route.throttle.rateLimit, ThrottlingBurstLimit: route.throttle.burstLimit }
              : {}),
            ...(detailed.has(key) ? { DetailedMetricsEnabled: true } : {}),
          };
          settledRoutes.push(httpRoute);
          detailed.delete(key);
        }
        routeFunctions[key] = fn;
      }
      if (withFallback) {
        const defaultRoute = new HttpRoute(this, 'DefaultRoute', {
          httpApi: this.httpApi,
          routeKey: HttpRouteKey.DEFAULT,
          integration,
        });
        acceptNag(
          defaultRoute,
          'APIG4',
          '$default answers any request no route of the table matches, with the API error shape; it serves no data.',
        );
      }
    }

    const stage = this.httpApi.defaultStage;
    if (!stage) throw new Error('Api: the HTTP API has no default stage to throttle.');
    // An HTTP API writes access logs through its service-linked role: no role to grant here.
    this.accessLogGroup = new LogGroup(this, 'AccessLogs', { retention: ACCESS_LOG_RETENTION });
    (stage.node.defaultChild as CfnStage).accessLogSettings = {
      destinationArn: this.accessLogGroup.logGroupArn,
      format: JSON.stringify(ACCESS_LOG_FORMAT),
    };
    if (detailed.size > 0)
      throw new Error(`Api: detailed metrics for routes not in the table: ${[...detailed].join(', ')}`);
    if (settledRoutes.length > 0) {
      (stage.node.defaultChild as CfnStage).routeSettings = routeSettings;
      // A stage's RouteSettings may only name routes that already exist, or the deploy fails
      // with "Unable to find Route by key".
      for (const httpRoute of settledRoutes) stage.node.addDependency(httpRoute);
    }

    const fallbackFunction = areaFunctions[props.fallbackRoute.area];
    if (!fallbackFunction)
      throw new Error(`Api: no function for the fallback route's area ${props.fallbackRoute.area}`);
    this.fallbackFunction = fallbackFunction;
    this.functions = routeFunctions;
    this.areaFunctions = areaFunctions;
  }

  /** The API's base URL without a trailing slash, e.g. `https://abc123.execute-api.eu-central-2.amazonaws.com`. */
  get url(): string {
    return this.httpApi.apiEndpoint;
  }
}

/** Why a route without the authorizer is meant to be open: its access in the route table. */
function noAuthorizerReason(key: string, access: Access): string {
  return access === 'optional'
    ? `${key} is 'optional' in functions/routes.ts: anyone may call it, and the handler checks a token if one is ` +
        'sent (an API Gateway authorizer cannot be optional).'
    : `${key} is 'public' in functions/routes.ts, whose access decides each route: open by design (the Stripe ` +
        "webhook checks Stripe's signature itself). The table's throttles and, with -c waf=true, the WAF's rate " +
        'rules limit abuse.';
}
