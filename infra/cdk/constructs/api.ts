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
import { API_CORS, hasAuthorizer, routeKey, type Access, type RouteDefinition } from '../../../functions/routes';
import { acceptNag } from '../nag';
import { grantPermissions, idFromModule, type GrantTargets } from './grants';
import { ShopFunction, type ShopFunctionConfig } from './shop-function';

/**
 * One JSON line per request in the stage's access log: who asked (the address API Gateway saw),
 * which route answered, how and how fast, and why an integration failed. Deliberately no
 * headers (the Authorization token), no query string and no body: the log must not become a
 * store of tokens or of what shoppers typed.
 */
export const ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  ip: '$context.identity.sourceIp',
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
  /** Usually `routes` from functions/routes.ts: one function and one route per entry. */
  readonly routes: readonly RouteDefinition[];
  /** Usually `fallbackRoute` from functions/routes.ts: serves the `$default` route. */
  readonly fallbackRoute: Pick<RouteDefinition, 'handler' | 'permissions'>;
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
}

/**
 * The HTTP API, built from the route table: a function per route, the Cognito JWT authorizer on
 * every non-public route, per-route throttling, and a `$default` route answering 404 in our
 * error shape.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  /** Functions by route key (`GET /products/{id}`). */
  readonly functions: Readonly<Record<string, ShopFunction>>;
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

    const functions: Record<string, ShopFunction> = {};
    const seenIds = new Map<string, string>();
    // CloudFormation passes this JSON through untyped, so the keys are its PascalCase names.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    const throttledRoutes: HttpRoute[] = [];

    for (const route of props.routes) {
      const key = routeKey(route);
      const constructId = idFromModule(route.handler);
      const clash = seenIds.get(constructId);
      if (clash !== undefined) {
        throw new Error(
          `Api: routes "${clash}" and "${key}" both map to the construct id ${constructId} ` +
            `(handler modules must be unique per route); give one of them its own module in functions/routes.ts.`,
        );
      }
      seenIds.set(constructId, key);

      const fn = new ShopFunction(this, `${constructId}Function`, {
        handlerModule: route.handler,
        description: key,
        config: props.functionConfig,
        ...(route.access === 'optional' ? { tokenConfig } : {}),
        ...(route.permissions.deleteUsers ? { userPoolId: props.userPool.userPoolId } : {}),
        ...(route.permissions.media ? { mediaBucketName: props.mediaBucket.bucketName } : {}),
        // Reading pages needs the bucket alone (the distribution, which fronts this API, is not named).
        ...(route.permissions.sitePages === 'read' && props.site
          ? { sitePages: { bucketName: props.site.bucket.bucketName } }
          : {}),
        ...(route.permissions.invokeChatModel && props.chatModel ? { chatModelId: props.chatModel.modelId } : {}),
        ...(route.timeoutSeconds ? { timeout: Duration.seconds(route.timeoutSeconds) } : {}),
        ...(props.originVerify && !route.calledDirectly
          ? {
              environment: {
                ORIGIN_VERIFY: props.originVerify,
              } satisfies Record<(typeof ORIGIN_VERIFY_ENV_NAMES)[number], string>,
            }
          : {}),
      });
      grantPermissions(fn, route.permissions, grantTargets);

      const httpRoute = new HttpRoute(this, `${constructId}Route`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${constructId}Integration`, fn),
        authorizer: hasAuthorizer(route.access) ? authorizer : undefined,
      });
      if (!hasAuthorizer(route.access)) acceptNag(httpRoute, 'APIG4', noAuthorizerReason(key, route.access));

      if (route.throttle) {
        routeSettings[key] = {
          ThrottlingRateLimit: route.throttle.rateLimit,
          ThrottlingBurstLimit: route.throttle.burstLimit,
        };
        throttledRoutes.push(httpRoute);
      }
      functions[key] = fn;
    }

    this.fallbackFunction = new ShopFunction(this, `${idFromModule(props.fallbackRoute.handler)}Function`, {
      handlerModule: props.fallbackRoute.handler,
      description: '$default (no matching route)',
      config: props.functionConfig,
    });
    grantPermissions(this.fallbackFunction, props.fallbackRoute.permissions, grantTargets);
    const defaultRoute = new HttpRoute(this, 'DefaultRoute', {
      httpApi: this.httpApi,
      routeKey: HttpRouteKey.DEFAULT,
      integration: new HttpLambdaIntegration('DefaultIntegration', this.fallbackFunction),
    });
    acceptNag(
      defaultRoute,
      'APIG4',
      '$default answers any request no route of the table matches, with the API error shape; it serves no data.',
    );

    const stage = this.httpApi.defaultStage;
    if (!stage) throw new Error('Api: the HTTP API has no default stage to throttle.');
    // An HTTP API writes access logs through its service-linked role: no role to grant here.
    this.accessLogGroup = new LogGroup(this, 'AccessLogs', { retention: ACCESS_LOG_RETENTION });
    (stage.node.defaultChild as CfnStage).accessLogSettings = {
      destinationArn: this.accessLogGroup.logGroupArn,
      format: JSON.stringify(ACCESS_LOG_FORMAT),
    };
    if (throttledRoutes.length > 0) {
      (stage.node.defaultChild as CfnStage).routeSettings = routeSettings;
      // A stage's RouteSettings may only name routes that already exist, or the deploy fails
      // with "Unable to find Route by key".
      for (const httpRoute of throttledRoutes) stage.node.addDependency(httpRoute);
    }

    this.functions = functions;
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
