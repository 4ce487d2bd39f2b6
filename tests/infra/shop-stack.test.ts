/**
 * CDK assertions on the whole shop stack. Expected counts and keys come from the route, rule,
 * trigger and table definitions, so a new route or rule is checked without touching this file.
 * The stack is synthesized once (bundling every function with esbuild is the slow part).
 */
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { PASSWORD_POLICY } from '@linea/shared/domain/password-policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/data/table';
import { ADMIN_GROUP } from '../../functions/lib/auth';
import { CONFIG_ENV_NAMES } from '../../functions/lib/config';
import {
  AREAS,
  CACHE_CONTROL,
  fallbackRoute,
  hasAuthorizer,
  routeKey,
  routes,
  type AreaName,
  type RouteDefinition,
} from '../../functions/routes';
import {
  RULE_MAX_EVENT_AGE_SECONDS,
  RULE_RETRY_ATTEMPTS,
  rules,
  STOREFRONT_PAGES_RULE,
  type RuleDefinition,
} from '../../functions/rules';
import { topicSubscribers } from '../../functions/topics';
import { cloudOnlyCognitoTriggers, cognitoTriggers } from '../../functions/triggers';
import { chatModel } from '../../infra/cdk/constructs/chat-model';
import { ShopFunction } from '../../infra/cdk/constructs/shop-function';
import { PAGE_ROUTING_CODE, STRIP_API_PREFIX_CODE } from '../../infra/cdk/constructs/website';
import { DEFAULT_CHAT_MODEL_ID, ShopStack } from '../../infra/cdk/shop-stack';
import { overBudget, SHOPPER_JOURNEY, SHOPPER_JOURNEY_MAX_FUNCTIONS, staleExceptions } from '../bench/budgets';

/** Issue 25's ceiling for the dev stack: room under CloudFormation's 500 for what comes next. */
const MAX_STACK_RESOURCES = 260;

type Resource = {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};
type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: Record<string, unknown> };

const allRoutes: readonly RouteDefinition[] = routes;
const allRules: readonly RuleDefinition[] = rules;
const FROM_EMAIL = 'shop@linea.example';
/** The cloud pool's triggers: the local stand-in's and those only the cloud has. */
const cloudTriggers = { ...cognitoTriggers, ...cloudOnlyCognitoTriggers };

let siteDir: string;
let app: App;
let stack: ShopStack;
let template: Template;

beforeAll(() => {
  // A stand-in for web/dist, so these tests never depend on a real web build.
  siteDir = mkdtempSync(path.join(os.tmpdir(), 'linea-site-'));
  writeFileSync(
    path.join(siteDir, 'index.html'),
    '<!doctype html><html><head><title>LINEA</title></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(siteDir, 'assets'));
  writeFileSync(path.join(siteDir, 'assets', 'index-abc123.js'), 'export {};');
  // The build's manifest, for the budget check only: never published.
  mkdirSync(path.join(siteDir, '.vite'));
  writeFileSync(path.join(siteDir, '.vite', 'manifest.json'), '{}');

  app = new App();
  stack = new ShopStack(app, 'linea-test', { stage: 'test', fromEmail: FROM_EMAIL, webAssetDir: siteDir });
  template = Template.fromStack(stack);
});

afterAll(() => {
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

const logicalId = (element: { node: { defaultChild?: unknown } }): string =>
  stack.getLogicalId(element.node.defaultChild as CfnElement);

function roleIdOf(fn: IFunction | undefined): string {
  if (!fn?.role) throw new Error('expected a function with a role');
  return logicalId(fn.role);
}

const resourcesOf = (type: string): Record<string, Resource> =>
  template.findResources(type) as Record<string, Resource>;

const buckets = (): { site?: Resource; media?: Resource } => ({
  site: resourcesOf('AWS::S3::Bucket')[logicalId(stack.website.bucket)],
  media: resourcesOf('AWS::S3::Bucket')[logicalId(stack.media.bucket)],
});

/** Every statement of every IAM policy attached to the function's role. */
function statementsOf(fn: IFunction): Statement[] {
  const roleId = roleIdOf(fn);
  return Object.values(resourcesOf('AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`))
    .flatMap((policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
}

const actionsOf = (statements: Statement[]): string[] =>
  statements.flatMap((statement) => (Array.isArray(statement.Action) ? statement.Action : [statement.Action]));

/** Logical ids of the roles any policy of the template grants `action` to. */
function rolesGranted(action: string): Set<string> {
  const roles = new Set<string>();
  for (const policy of Object.values(resourcesOf('AWS::IAM::Policy'))) {
    const statements = (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement;
    if (!actionsOf(statements).includes(action)) continue;
    for (const role of policy.Properties?.Roles as { Ref: string }[]) roles.add(role.Ref);
  }
  return roles;
}

/** Imports a bundle in a new Node process; undefined when it loads, else what went wrong. */
function importInFreshNode(file: string): Promise<string | undefined> {
  return new Promise((resolveImport) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(file).href)});`],
      { timeout: 30_000, env: { PATH: process.env.PATH, AWS_REGION: 'eu-central-2' } },
      (error, _stdout, stderr) =>
        resolveImport(
          error
            ? // The error's own line ("Error: Could not load …"), not the minified source line above it.
              (stderr.split('\n').find((line) => /^\w*Error\b/.test(line)) ?? error.message).slice(0, 300)
            : undefined,
        ),
    );
  });
}

interface CacheBehavior {
  PathPattern: string;
  TargetOriginId: string;
  AllowedMethods: string[];
  CachePolicyId: unknown;
  OriginRequestPolicyId?: unknown;
  FunctionAssociations?: unknown;
  ResponseHeadersPolicyId?: unknown;
}

function distributionConfig(): {
  CacheBehaviors: CacheBehavior[];
  Origins: { Id: string; DomainName: unknown; CustomOriginConfig?: Record<string, unknown> }[];
} {
  const [distribution] = Object.values(resourcesOf('AWS::CloudFront::Distribution'));
  return distribution?.Properties?.DistributionConfig as ReturnType<typeof distributionConfig>;
}

const cacheBehaviors = (): CacheBehavior[] => distributionConfig().CacheBehaviors;

/** The logical id of the CloudFront Function that deploys `code`. */
function functionIdWith(code: string): string {
  const found = Object.entries(resourcesOf('AWS::CloudFront::Function')).filter(
    ([, fn]) => fn.Properties?.FunctionCode === code,
  );
  expect(found).toHaveLength(1);
  return found[0]?.[0] as string;
}

type ViewerRequest = {
  method: string;
  uri: string;
  querystring: Record<string, { value: string }>;
  headers: object;
  cookies?: Record<string, { value: string }>;
};

/** The deployed code of a CloudFront Function, run in Node as CloudFront runs its `handler`. */
function cloudFrontFunction(code: string): (event: { request: ViewerRequest }) => ViewerRequest {
  const deployed = resourcesOf('AWS::CloudFront::Function')[functionIdWith(code)];
  expect(deployed?.Properties?.FunctionConfig).toMatchObject({ Runtime: 'cloudfront-js-2.0' });
  const handler = new Function(`${deployed?.Properties?.FunctionCode as string}\nreturn handler;`)() as (event: {
    request: ViewerRequest;
  }) => ViewerRequest;
  return (event) => handler(structuredClone(event));
}

function viewerRequest(uri: string, querystring: ViewerRequest['querystring'] = {}): { request: ViewerRequest } {
  return {
    request: { method: 'GET', uri, querystring, headers: { host: { value: 'd123.cloudfront.net' } } },
  };
}

/** Every function this project made from a handler module (not CDK's own helpers). */
function shopFunctions(): IFunction[] {
  return [
    ...Object.values(stack.api.areaFunctions),
    ...Object.values(stack.events.consumers),
    ...Object.values(stack.auth.triggerFunctions),
  ];
}

describe('Auth', () => {
  it('has one user pool with email sign-in, name attributes and self sign-up', () => {
    template.resourceCountIs('AWS::Cognito::UserPool', 1);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'given_name', Required: true }),
        Match.objectLike({ Name: 'family_name', Required: true }),
      ]),
    });
  });

  it('enforces the shared password policy, the one the sign-up form shows and checks', () => {
    const [pool] = Object.values(resourcesOf('AWS::Cognito::UserPool'));
    const { MinimumLength, RequireLowercase, RequireUppercase, RequireNumbers, RequireSymbols } = (
      pool?.Properties?.Policies as { PasswordPolicy: Record<string, unknown> }
    ).PasswordPolicy;
    expect({ MinimumLength, RequireLowercase, RequireUppercase, RequireNumbers, RequireSymbols }).toEqual({
      MinimumLength: PASSWORD_POLICY.minLength,
      RequireLowercase: PASSWORD_POLICY.requireLowercase,
      RequireUppercase: PASSWORD_POLICY.requireUppercase,
      RequireNumbers: PASSWORD_POLICY.requireDigits,
      RequireSymbols: PASSWORD_POLICY.requireSymbols,
    });
  });

  it('has a web client with the SRP flow only (no plain password) and no secret', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    });
  });

  it('declares the admin group', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: ADMIN_GROUP });
  });

  it('attaches every Cognito trigger of functions/triggers.ts', () => {
    const lambdaConfig = Object.fromEntries(
      Object.keys(cloudTriggers).map((trigger) => {
        const fn = stack.auth.triggerFunctions[trigger];
        if (!fn) throw new Error(`no function for trigger ${trigger}`);
        const arn = { 'Fn::GetAtt': [logicalId(fn), 'Arn'] };
        // The custom senders are configured with a version, the other triggers by ARN alone.
        return [trigger, trigger === 'CustomEmailSender' ? { LambdaArn: arn, LambdaVersion: 'V1_0' } : arn];
      }),
    );
    expect(Object.keys(lambdaConfig)).toEqual(expect.arrayContaining(['CustomEmailSender', 'PreTokenGeneration']));
    template.hasResourceProperties('AWS::Cognito::UserPool', { LambdaConfig: Match.objectLike(lambdaConfig) });
  });
});

describe('Data', () => {
  it('has one on-demand table with point-in-time recovery, TTL and every GSI', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      GlobalSecondaryIndexes: TABLE_INDEXES.map((index) =>
        Match.objectLike({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
      ),
    });
  });

  it('retains the table by default', () => {
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });
});

describe('Api', () => {
  it('is one HTTP API without CORS: the site calls it on its own origin', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.absent(),
    });
  });

  it('has one route per route-table entry plus $default', () => {
    const keys = Object.values(resourcesOf('AWS::ApiGatewayV2::Route')).map((route) => route.Properties?.RouteKey);
    expect(keys.sort()).toEqual([...allRoutes.map(routeKey), '$default'].sort());
    expect(Object.keys(stack.api.functions)).toHaveLength(allRoutes.length);
  });

  it('serves each area by one function with one integration, which every route of the area uses', () => {
    expect(Object.keys(stack.api.areaFunctions).sort()).toEqual(Object.keys(AREAS).sort());
    const integrations = resourcesOf('AWS::ApiGatewayV2::Integration');
    expect(Object.keys(integrations)).toHaveLength(Object.keys(AREAS).length);
    const integrationOf = new Map(
      Object.values(resourcesOf('AWS::ApiGatewayV2::Route')).map((route) => [
        route.Properties?.RouteKey as string,
        JSON.stringify(route.Properties?.Target),
      ]),
    );
    for (const [area, fn] of Object.entries(stack.api.areaFunctions)) {
      const [integrationId] = Object.entries(integrations).find(
        ([, integration]) =>
          JSON.stringify(integration.Properties?.IntegrationUri) ===
          JSON.stringify({ 'Fn::GetAtt': [logicalId(fn), 'Arn'] }),
      ) ?? [undefined];
      expect(integrationId, area).toBeDefined();
      const keys = [
        ...allRoutes.filter((route) => route.area === area).map(routeKey),
        ...(fallbackRoute.area === area ? ['$default'] : []),
      ];
      for (const key of keys) expect(integrationOf.get(key), key).toContain(integrationId);
    }
    // API Gateway may invoke each area's function for any of its routes: one permission each.
    const apiPermissions = Object.values(resourcesOf('AWS::Lambda::Permission')).filter(
      (permission) => permission.Properties?.Principal === 'apigateway.amazonaws.com',
    );
    expect(apiPermissions).toHaveLength(Object.keys(AREAS).length);
  });

  it('puts the Cognito JWT authorizer on customer and admin routes only', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      JwtConfiguration: {
        Audience: [{ Ref: logicalId(stack.auth.userPoolClient) }],
        Issuer: Match.anyValue(),
      },
    });
    const byKey = new Map(
      Object.values(resourcesOf('AWS::ApiGatewayV2::Route')).map((route) => [
        route.Properties?.RouteKey,
        route.Properties?.AuthorizationType,
      ]),
    );
    for (const route of allRoutes) {
      expect(byKey.get(routeKey(route)), routeKey(route)).toBe(hasAuthorizer(route.access) ? 'JWT' : 'NONE');
    }
    expect(byKey.get('$default')).toBe('NONE');
  });

  it('writes one JSON access-log line per request to a log group kept for a bounded time, without tokens or bodies', () => {
    const [stage] = Object.values(resourcesOf('AWS::ApiGatewayV2::Stage'));
    const settings = stage?.Properties?.AccessLogSettings as { DestinationArn: unknown; Format: string };
    const logGroupId = logicalId(stack.api.accessLogGroup);
    expect(settings.DestinationArn).toEqual({ 'Fn::GetAtt': [logGroupId, 'Arn'] });
    expect(resourcesOf('AWS::Logs::LogGroup')[logGroupId]?.Properties?.RetentionInDays).toBe(30);

    const format = JSON.parse(settings.Format) as Record<string, string>;
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      ip: '$context.identity.sourceIp',
      // The caller's account on customer and admin routes (an export is traced to its admin).
      userId: '$context.authorizer.claims.sub',
      routeKey: '$context.routeKey',
      status: '$context.status',
      latency: '$context.responseLatency',
      integrationError: '$context.integrationErrorMessage',
    });
    // Nothing a caller sent as content or credentials: no header, query string or body variable.
    for (const variable of Object.values(format)) {
      expect(variable).not.toMatch(/header|authorization|querystring|body|\$request\./i);
    }
  });

  it('throttles the routes the table throttles, after creating them', () => {
    const throttled = allRoutes.filter((route) => route.throttle);
    const stages = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'));
    expect(stages).toHaveLength(1);
    const stage = stages[0] as Resource & { DependsOn?: string[] };
    const settings = (stage.Properties?.RouteSettings ?? {}) as Record<string, Record<string, unknown>>;
    const throttles = Object.fromEntries(
      Object.entries(settings)
        .map(([key, { DetailedMetricsEnabled: _detailed, ...throttle }]) => [key, throttle] as const)
        .filter(([, throttle]) => Object.keys(throttle).length > 0),
    );
    expect(throttles).toEqual(
      Object.fromEntries(
        throttled.map((route) => [
          routeKey(route),
          { ThrottlingRateLimit: route.throttle?.rateLimit, ThrottlingBurstLimit: route.throttle?.burstLimit },
        ]),
      ),
    );
    for (const route of throttled) {
      const routeIds = Object.entries(resourcesOf('AWS::ApiGatewayV2::Route'))
        .filter(([, resource]) => resource.Properties?.RouteKey === routeKey(route))
        .map(([id]) => id);
      expect(stage.DependsOn).toEqual(expect.arrayContaining(routeIds));
    }
  });
});

describe('Functions', () => {
  it('run every handler as Node 22 on arm64 with source maps, the config env and bounded logs', () => {
    const functions = shopFunctions();
    expect(functions).toHaveLength(
      Object.keys(AREAS).length + allRules.length + topicSubscribers.length + Object.keys(cloudTriggers).length,
    );
    const lambdas = resourcesOf('AWS::Lambda::Function');
    const logGroups = resourcesOf('AWS::Logs::LogGroup');
    for (const fn of functions) {
      const props = lambdas[logicalId(fn)]?.Properties;
      const rule = allRules.find((candidate) => stack.events.consumers[candidate.name] === fn);
      expect(props, fn.node.path).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: rule?.lambda?.memoryMb ?? 512,
      });
      const variables = (props?.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(variables.POWERTOOLS_SERVICE_NAME, fn.node.path).toBe((fn as ShopFunction).handlerModule);
      for (const name of CONFIG_ENV_NAMES) expect(variables[name], `${fn.node.path} ${name}`).toBeDefined();
      expect(variables.FROM_EMAIL).toBe(FROM_EMAIL);

      const logGroupRef = (props?.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(logGroups[logGroupRef]?.Properties?.RetentionInDays, fn.node.path).toBeGreaterThan(0);
    }
  });

  it("writes every shop function's logs to the stack's one function log group", () => {
    const lambdas = resourcesOf('AWS::Lambda::Function');
    const groups = new Set(
      shopFunctions().map(
        (fn) => (lambdas[logicalId(fn)]?.Properties?.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref,
      ),
    );
    expect(groups.size).toBe(1);
  });

  it("stays within CloudFormation's 500 resources per stack, with room for what is to come", () => {
    const resources = Object.values(template.toJSON().Resources as Record<string, Resource>);
    const byType = new Map<string, number>();
    for (const resource of resources) byType.set(resource.Type, (byType.get(resource.Type) ?? 0) + 1);
    // Printed so that a change that adds resources shows where they went.
    console.log(
      `linea-test: ${resources.length} resources\n${[...byType]
        .sort((a, b) => b[1] - a[1])
        .map(([type, count]) => `  ${String(count).padStart(3)} ${type}`)
        .join('\n')}`,
    );
    // A deploy over the limit fails only at CloudFormation, after the whole build. 465 when each
    // route had its function; one function per area (functions/routes.ts AREAS) makes a route cost
    // one resource and a new area five, which leaves room for the next capabilities' routes and
    // consumers (an event consumer costs about ten: README, Architecture).
    expect(resources.length).toBeLessThanOrEqual(MAX_STACK_RESOURCES);
  });

  it(`touches at most ${SHOPPER_JOURNEY_MAX_FUNCTIONS} functions on a shopper's way from a product page to the account`, () => {
    const touched = new Set(SHOPPER_JOURNEY.map((key) => stack.api.functions[key]));
    expect(touched.has(undefined)).toBe(false);
    expect(touched.size).toBeLessThanOrEqual(SHOPPER_JOURNEY_MAX_FUNCTIONS);
  });

  it("loads every function's bundle in a fresh Node process, as Lambda's first start does", async () => {
    const outdir = (stack.node.root as App).outdir;
    const lambdas = resourcesOf('AWS::Lambda::Function');
    const failures: string[] = [];
    const checked = await Promise.all(
      shopFunctions().map(async (fn) => {
        // The code's S3 key is the asset's hash: cdk.out holds the bundle as asset.<hash>/.
        const key = (lambdas[logicalId(fn)]?.Properties?.Code as { S3Key?: unknown }).S3Key;
        if (typeof key !== 'string') throw new Error(`${fn.node.path} has no bundled asset`);
        const dir = path.join(outdir, `asset.${key.replace(/\.zip$/, '')}`);
        // Native packages installed beside a bundle (sharp) are built for Lambda's Linux on arm64.
        if (existsSync(path.join(dir, 'node_modules'))) return 0;
        const result = await importInFreshNode(path.join(dir, 'index.mjs'));
        if (result) failures.push(`${fn.node.path}: ${result}`);
        return 1;
      }),
    );
    expect(failures).toEqual([]);
    // All but the one with native packages (the image variants).
    expect(checked.reduce((sum: number, n) => sum + n, 0)).toBe(shopFunctions().length - 1);
  });

  it("keeps every function's bundle within its size budget (tests/bench/budgets.ts)", () => {
    const outdir = (stack.node.root as App).outdir;
    const lambdas = resourcesOf('AWS::Lambda::Function');
    const breaches: string[] = [];
    const measured = new Map<string, number>();
    for (const fn of shopFunctions()) {
      if (!(fn instanceof ShopFunction)) throw new Error(`${fn.node.path} is not a ShopFunction`);
      // As above: the bundle of asset <hash>.zip is asset.<hash>/index.mjs in the outdir.
      const key = (lambdas[logicalId(fn)]?.Properties?.Code as { S3Key?: unknown }).S3Key;
      if (typeof key !== 'string') throw new Error(`${fn.node.path} has no bundled asset`);
      const file = path.join(`asset.${key.replace(/\.zip$/, '')}`, 'index.mjs');
      const bytes = statSync(path.join(outdir, file)).size;
      measured.set(fn.handlerModule, bytes);
      const breach = overBudget({ name: fn.node.path, handlerModule: fn.handlerModule, file, bytes });
      if (breach) breaches.push(breach);
    }
    expect(breaches).toEqual([]);
    // An exception its function no longer needs would let that function grow back unnoticed.
    expect(staleExceptions(measured)).toEqual([]);
  });

  it('bundles the Stripe SDK with the resources of STRIPE_RESOURCES alone (infra/cdk/bundling/stripe-pruned.ts)', () => {
    const outdir = (stack.node.root as App).outdir;
    const lambdas = resourcesOf('AWS::Lambda::Function');
    const withStripe = new Map<string, string>();
    for (const fn of shopFunctions()) {
      if (!(fn instanceof ShopFunction)) throw new Error(`${fn.node.path} is not a ShopFunction`);
      const key = (lambdas[logicalId(fn)]?.Properties?.Code as { S3Key?: unknown }).S3Key;
      if (typeof key !== 'string') throw new Error(`${fn.node.path} has no bundled asset`);
      const source = readFileSync(path.join(outdir, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs'), 'utf8');
      if (source.includes('api.stripe.com')) withStripe.set(fn.handlerModule, source);
    }
    expect([...withStripe.keys()]).toEqual(expect.arrayContaining(['areas/checkout', 'events/sync-stripe-product']));
    for (const [handlerModule, source] of withStripe) {
      // The paths of a listed resource and of two that are not: the bundles used the pruned SDK.
      expect({ handlerModule, products: source.includes('/v1/products') }).toEqual({ handlerModule, products: true });
      expect({ handlerModule, invoices: source.includes('/v1/invoices') }).toEqual({ handlerModule, invoices: false });
      expect({ handlerModule, v2: source.includes('/v2/core/accounts') }).toEqual({ handlerModule, v2: false });
    }
  });

  it('gives every function in the stack, CDK helpers included, a log group with bounded retention', () => {
    const logGroups = resourcesOf('AWS::Logs::LogGroup');
    for (const [id, fn] of Object.entries(resourcesOf('AWS::Lambda::Function'))) {
      const logGroupRef = (fn.Properties?.LoggingConfig as { LogGroup?: { Ref?: string } } | undefined)?.LogGroup?.Ref;
      expect(logGroupRef, id).toBeDefined();
      expect(logGroups[logGroupRef ?? '']?.Properties?.RetentionInDays, id).toBeGreaterThan(0);
    }
  });

  it('lets every function write logs to its log group alone, with no AWS managed policy', () => {
    const roles = resourcesOf('AWS::IAM::Role');
    const lambdas = resourcesOf('AWS::Lambda::Function');
    for (const fn of shopFunctions()) {
      const role = roles[roleIdOf(fn)];
      const logGroupRef = (lambdas[logicalId(fn)]?.Properties?.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup
        .Ref;
      expect(role?.Properties?.ManagedPolicyArns, fn.node.path).toBeUndefined();
      expect(role?.Properties?.Policies, fn.node.path).toEqual([
        {
          PolicyName: 'WriteFunctionLogs',
          PolicyDocument: {
            Version: '2012-10-17',
            Statement: [
              {
                Effect: 'Allow',
                Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
                Resource: { 'Fn::GetAtt': [logGroupRef, 'Arn'] },
              },
            ],
          },
        },
      ]);
    }
  });

  it('uses no Node runtime other than 22.x anywhere in the stack', () => {
    const nodeRuntimes = Object.values(resourcesOf('AWS::Lambda::Function'))
      .map((fn) => fn.Properties?.Runtime)
      .filter((runtime): runtime is string => typeof runtime === 'string' && runtime.startsWith('nodejs'));
    expect(new Set(nodeRuntimes)).toEqual(new Set(['nodejs22.x']));
  });
});

describe('Least privilege', () => {
  it('lets the public product function read product items and nothing more', () => {
    const getProduct = allRoutes.find((route) => route.method === 'GET' && route.path === '/products/{id}');
    expect(getProduct).toMatchObject({ access: 'public', permissions: { table: { read: ['PRODUCT#'] } } });
    const fn = stack.api.functions[routeKey(getProduct as RouteDefinition)];
    if (!fn) throw new Error('no function for GET /products/{id}');
    const actions = actionsOf(statementsOf(fn));
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
    for (const denied of [
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'events:PutEvents',
      'ses:SendEmail',
    ]) {
      expect(actions).not.toContain(denied);
    }
  });

  const reads = (table: RouteDefinition['permissions']['table']) =>
    table === 'read' || table === 'readWrite' || (typeof table === 'object' && !!table.read?.length);
  const writes = (table: RouteDefinition['permissions']['table']) =>
    table === 'readWrite' || (typeof table === 'object' && !!table.write?.length);
  const routesOfArea = (area: string): Pick<RouteDefinition, 'permissions'>[] => [
    ...allRoutes.filter((route) => route.area === area),
    ...(fallbackRoute.area === area ? [fallbackRoute] : []),
  ];

  it("grants each route's function the table access the route declares, and an area writes only if a route of it does", () => {
    for (const route of allRoutes) {
      const fn = stack.api.functions[routeKey(route)];
      if (!fn) throw new Error(`no function for ${routeKey(route)}`);
      const actions = actionsOf(statementsOf(fn));
      if (reads(route.permissions.table)) expect(actions, routeKey(route)).toContain('dynamodb:GetItem');
      if (writes(route.permissions.table)) expect(actions, routeKey(route)).toContain('dynamodb:PutItem');
    }
    for (const [area, fn] of Object.entries(stack.api.areaFunctions)) {
      const tables = routesOfArea(area).map((route) => route.permissions.table);
      const actions = actionsOf(statementsOf(fn));
      expect(actions.includes('dynamodb:GetItem'), area).toBe(tables.some(reads));
      expect(actions.includes('dynamodb:PutItem'), area).toBe(tables.some(writes));
    }
  });

  /** The function's statements that grant any DynamoDB action, as action list, resource and leading-key patterns. */
  function tableGrantsOf(fn: IFunction) {
    return statementsOf(fn)
      .filter((statement) => statement.Effect !== 'Deny' && statement.Resource !== undefined)
      .filter((statement) => JSON.stringify(statement.Resource) === JSON.stringify(tableArn()))
      .filter((statement) => actionsOf([statement]).some((action) => action.startsWith('dynamodb:')))
      .map((statement) => ({
        actions: [...actionsOf([statement])].sort(),
        resource: statement.Resource,
        leadingKeys: (statement.Condition?.['ForAllValues:StringLike'] as Record<string, string[]> | undefined)?.[
          'dynamodb:LeadingKeys'
        ],
      }));
  }

  const tableArn = () => ({ 'Fn::GetAtt': [logicalId(stack.data.table), 'Arn'] });
  const READS = ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:Query'];
  const WRITES = ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];

  it.each([
    [
      'forms',
      [
        { actions: READS, leadingKeys: ['SUBSCRIBER#*'] },
        { actions: WRITES, leadingKeys: ['CONTACT#*', 'SUBSCRIBER#*'] },
      ],
    ],
    [
      'admin-uploads',
      [
        { actions: READS, leadingKeys: ['UPLOAD#*'] },
        { actions: WRITES, leadingKeys: ['UPLOAD#*'] },
      ],
    ],
  ] satisfies [AreaName, unknown[]][])(
    'lets the %s function touch only the partitions its routes own, on the table alone, with no scan',
    (area, expected) => {
      const fn = stack.api.areaFunctions[area];
      if (!fn) throw new Error(`no function for ${area}`);
      expect(tableGrantsOf(fn)).toEqual(expected.map((grant) => ({ ...grant, resource: tableArn() })));
    },
  );

  it("lets the account function write only the caller's partition, though it reads more (a customer's orders are an index)", () => {
    const fn = stack.api.areaFunctions.account;
    if (!fn) throw new Error('no account function');
    const writeGrants = tableGrantsOf(fn).filter((grant) => grant.actions.includes('dynamodb:PutItem'));
    expect(writeGrants).toEqual([{ actions: WRITES, resource: tableArn(), leadingKeys: ['CUSTOMER#*'] }]);
  });

  it('conditions every table grant of a function whose routes or rule have table scopes on the prefixes they declare', () => {
    const scoped = [
      ...Object.entries(stack.api.areaFunctions).map(([area, fn]) => ({
        name: area,
        fn,
        tables: routesOfArea(area).map((route) => route.permissions.table),
      })),
      ...allRules.map((rule) => ({
        name: rule.name,
        fn: stack.events.consumers[rule.name],
        tables: [rule.permissions.table],
      })),
    ].filter((entry) => entry.tables.length > 0 && entry.tables.every((table) => typeof table === 'object'));
    expect(scoped.length).toBeGreaterThanOrEqual(9);
    for (const { name, fn, tables } of scoped) {
      const scopes = tables as { read?: readonly string[]; write?: readonly string[] }[];
      const declared = (pick: 'read' | 'write') =>
        [...new Set(scopes.flatMap((scope) => scope[pick] ?? []))].sort().map((prefix) => `${prefix}*`);
      if (!fn) throw new Error(`no function for ${name}`);
      const grants = tableGrantsOf(fn);
      expect(grants.length, name).toBe(
        [declared('read'), declared('write')].filter((prefixes) => prefixes.length).length,
      );
      for (const grant of grants) {
        expect(grant.resource, name).toEqual(tableArn());
        expect(grant.actions, name).not.toContain('dynamodb:Scan');
        const expected = grant.actions.includes('dynamodb:PutItem') ? declared('write') : declared('read');
        expect([...(grant.leadingKeys ?? [])].sort(), name).toEqual(expected);
      }
    }
  });

  it('keeps the audit log append-only: every function that may write to the table is refused updates and deletes of AUDIT# items', () => {
    const writers = shopFunctions().filter((fn) => actionsOf(statementsOf(fn)).includes('dynamodb:PutItem'));
    expect(writers.length).toBeGreaterThan(10);
    for (const fn of writers) {
      const denials = statementsOf(fn).filter((statement) => statement.Effect === 'Deny');
      expect(denials, fn.node.path).toEqual([
        {
          Effect: 'Deny',
          Action: ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
          Resource: tableArn(),
          Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['AUDIT#*'] } },
        },
      ]);
    }
  });

  it('lets the shop assistant read products and query the indexes, and write only its rate windows', () => {
    const fn = stack.api.areaFunctions.chat;
    if (!fn) throw new Error('no chat function');
    const allowed = statementsOf(fn).filter(
      (statement) => statement.Effect !== 'Deny' && actionsOf([statement]).some((a) => a.startsWith('dynamodb:')),
    );
    expect(tableGrantsOf(fn).filter((grant) => grant.actions.includes('dynamodb:PutItem'))).toEqual([
      { actions: WRITES, resource: tableArn(), leadingKeys: ['RATE#*'] },
    ]);
    expect(allowed.map((statement) => ({ actions: actionsOf([statement]), resource: statement.Resource }))).toEqual(
      expect.arrayContaining([
        {
          actions: ['dynamodb:Query'],
          resource: { 'Fn::Join': ['', [tableArn(), '/index/*']] },
        },
      ]),
    );
    expect(tableGrantsOf(fn).filter((grant) => grant.actions.includes('dynamodb:GetItem'))).toEqual([
      { actions: READS, resource: tableArn(), leadingKeys: ['PRODUCT#*'] },
    ]);
  });

  it('lets the checkout function write only orders, stock, promo code uses and Stripe event records', () => {
    const fn = stack.api.areaFunctions.checkout;
    if (!fn) throw new Error('no checkout function');
    expect(tableGrantsOf(fn).filter((grant) => grant.actions.includes('dynamodb:PutItem'))).toEqual([
      { actions: WRITES, resource: tableArn(), leadingKeys: ['ORDER#*', 'PRODUCT#*', 'PROMO#*', 'STRIPE_EVENT#*'] },
    ]);
  });

  it('lets only functions that publish events call events:PutEvents', () => {
    const expected = [
      ...allRoutes
        .filter((route) => route.permissions.publishEvents)
        .map((route) => stack.api.functions[routeKey(route)]),
      ...allRules.filter((rule) => rule.permissions.publishEvents).map((rule) => stack.events.consumers[rule.name]),
    ].map(roleIdOf);
    expect(expected.length).toBeGreaterThan(0);
    expect(rolesGranted('events:PutEvents')).toEqual(new Set(expected));
  });

  it('lets only email consumers and the account-code sender send email, and only as the shop sender', () => {
    const senders = [
      ...allRules.filter((rule) => rule.permissions.sendEmail).map((rule) => stack.events.consumers[rule.name]),
      stack.auth.triggerFunctions.CustomEmailSender,
    ];
    const expected = senders.map(roleIdOf);
    expect(expected.length).toBeGreaterThan(1);
    expect(rolesGranted('ses:SendEmail')).toEqual(new Set(expected));

    for (const consumer of senders) {
      if (!consumer) throw new Error('no function for an email sender');
      const sesStatements = statementsOf(consumer).filter((statement) =>
        actionsOf([statement]).includes('ses:SendEmail'),
      );
      expect(sesStatements.length).toBeGreaterThan(0);
      for (const statement of sesStatements) {
        const resources = Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
        for (const resource of resources) {
          expect(resource).not.toBe('*');
          // The sender's identities, and the configuration set every email is sent with.
          expect(JSON.stringify(stack.resolve(resource))).toMatch(
            /:identity\/(shop@)?linea\.example|:configuration-set\/",\{"Ref":"NotificationsConfigurationSet/,
          );
        }
      }
    }
  });
});

describe('Stripe keys', () => {
  it('keeps the keys in one Secrets Manager secret that only payment routes and the Stripe catalogue sync may read', () => {
    // The other secret is the API's origin value (tests/infra/api-origin.test.ts), which no role reads.
    const secrets = Object.keys(resourcesOf('AWS::SecretsManager::Secret'));
    expect(secrets).toHaveLength(2);
    const stripeSecrets = secrets.filter((id) => id.startsWith('StripeSecret'));
    expect(stripeSecrets).toHaveLength(1);
    const [secretId] = stripeSecrets;
    const expected = [
      ...allRoutes
        .filter((route) => route.permissions.stripeSecret)
        .map((route) => roleIdOf(stack.api.functions[routeKey(route)])),
      ...allRules
        .filter((rule) => rule.permissions.stripeSecret)
        .map((rule) => roleIdOf(stack.events.consumers[rule.name])),
    ];
    expect(expected.length).toBeGreaterThanOrEqual(5);
    expect(rolesGranted('secretsmanager:GetSecretValue')).toEqual(new Set(expected));
    for (const fn of shopFunctions()) {
      const variables = (
        resourcesOf('AWS::Lambda::Function')[logicalId(fn)]?.Properties?.Environment as {
          Variables: Record<string, unknown>;
        }
      ).Variables;
      expect(variables.STRIPE_SECRET_ID).toEqual({ Ref: secretId });
      expect(variables.STRIPE_API_URL).toBe('https://api.stripe.com');
    }
  });

  it('puts no Stripe key anywhere in the template', () => {
    const json = JSON.stringify(template.toJSON());
    // Any key-shaped value (the secret's description names the format with an ellipsis only).
    expect(json).not.toMatch(/(sk|rk)_(test|live)_[A-Za-z0-9]{6,}|whsec_[A-Za-z0-9]{6,}/);
  });
});

describe('Tokens checked by handlers', () => {
  it('tells the functions of optional-access routes which pool and client to trust, and no others', () => {
    const lambdas = resourcesOf('AWS::Lambda::Function');
    const checkers = new Set<IFunction | undefined>(
      allRoutes.filter((route) => route.access === 'optional').map((route) => stack.api.functions[routeKey(route)]),
    );
    expect(checkers.size).toBeGreaterThan(0);
    for (const fn of shopFunctions()) {
      const variables = (lambdas[logicalId(fn)]?.Properties?.Environment as { Variables: Record<string, unknown> })
        .Variables;
      if (checkers.has(fn)) {
        expect(variables.COGNITO_ISSUER, fn.node.path).toEqual({
          'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'ProviderName'] }]],
        });
        expect(variables.COGNITO_CLIENT_ID, fn.node.path).toEqual({ Ref: logicalId(stack.auth.userPoolClient) });
      } else {
        expect(variables.COGNITO_ISSUER, fn.node.path).toBeUndefined();
      }
    }
  });
});

describe('Deleting accounts', () => {
  it('lets only the DELETE /me function delete Cognito users, and tells only it which pool', () => {
    const deleters = allRoutes.filter((route) => route.permissions.deleteUsers);
    expect(deleters.map(routeKey)).toEqual(['DELETE /me']);
    const fn = stack.api.functions['DELETE /me'];
    expect(rolesGranted('cognito-idp:AdminDeleteUser')).toEqual(new Set([roleIdOf(fn)]));
    const lambdas = resourcesOf('AWS::Lambda::Function');
    for (const candidate of shopFunctions()) {
      const variables = (
        lambdas[logicalId(candidate)]?.Properties?.Environment as { Variables: Record<string, unknown> }
      ).Variables;
      if (candidate === fn) expect(variables.USER_POOL_ID).toEqual({ Ref: logicalId(stack.auth.userPool) });
      else expect(variables.USER_POOL_ID).toBeUndefined();
    }
  });
});

describe('Shop assistant', () => {
  it('lets only the POST /chat function invoke Bedrock, and only the configured model', () => {
    const fn = stack.api.functions['POST /chat'];
    if (!fn) throw new Error('no function for POST /chat');
    expect(rolesGranted('bedrock:InvokeModel')).toEqual(new Set([roleIdOf(fn)]));
    const granted = statementsOf(fn).filter((statement) =>
      actionsOf([statement]).some((a) => a.startsWith('bedrock:')),
    );
    expect(granted).toHaveLength(1);
    expect(actionsOf(granted)).toEqual(['bedrock:InvokeModel']);
    const resources = JSON.stringify(granted[0]?.Resource);
    expect(resources).toContain(`:inference-profile/${DEFAULT_CHAT_MODEL_ID}`);
    expect(resources).toContain(`::foundation-model/${DEFAULT_CHAT_MODEL_ID.replace(/^eu\./, '')}`);
    expect(resources).not.toMatch(/foundation-model\/\*|"\*"/);
  });

  it('tells that function alone which model to use, and gives it time for several model rounds', () => {
    const lambdas = resourcesOf('AWS::Lambda::Function');
    const fn = stack.api.functions['POST /chat'];
    for (const candidate of shopFunctions()) {
      const props = lambdas[logicalId(candidate)]?.Properties;
      const variables = (props?.Environment as { Variables: Record<string, unknown> }).Variables;
      if (candidate === fn) {
        expect(variables.CHAT_MODEL_ID).toBe(DEFAULT_CHAT_MODEL_ID);
        expect(props?.Timeout).toBe(29);
      } else {
        expect(variables.CHAT_MODEL_ID, candidate.node.path).toBeUndefined();
      }
    }
  });

  it('grants a foundation model id as that one model in the stack region', () => {
    const other = new Stack(new App(), 'chat-model', { env: { account: '123456789012', region: 'eu-central-1' } });
    // The partition stays a token (aws, aws-cn, aws-us-gov): read the ARNs with it filled in.
    const arns = (modelId: string) =>
      chatModel(other, modelId).resourceArns.map((arn) =>
        (other.resolve(arn) as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1]
          .map((part) => (typeof part === 'string' ? part : 'aws'))
          .join(''),
      );
    expect(arns('anthropic.claude-3-haiku-20240307-v1:0')).toEqual([
      'arn:aws:bedrock:eu-central-1::foundation-model/anthropic.claude-3-haiku-20240307-v1:0',
    ]);
    expect(arns('eu.anthropic.claude-3-5-haiku-20241022-v1:0')).toEqual([
      'arn:aws:bedrock:eu-central-1:123456789012:inference-profile/eu.anthropic.claude-3-5-haiku-20241022-v1:0',
      'arn:aws:bedrock:*::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0',
    ]);
  });
});

describe('Events', () => {
  it('has one rule per rule-table entry, with retries and a dead-letter queue', () => {
    template.resourceCountIs('AWS::Events::EventBus', 1);
    template.resourceCountIs('AWS::Events::Rule', allRules.length);
    for (const rule of allRules.filter((candidate) => candidate.bus !== 'default')) {
      const consumer = stack.events.consumers[rule.name];
      const queue = stack.events.deadLetterQueues[rule.name];
      if (!consumer || !queue) throw new Error(`rule ${rule.name} has no consumer or queue`);
      template.hasResourceProperties('AWS::Events::Rule', {
        EventBusName: { Ref: logicalId(stack.events.bus) },
        EventPattern: { source: [rule.source], 'detail-type': [rule.detailType].flat() },
        Targets: [
          Match.objectLike({
            Arn: { 'Fn::GetAtt': [logicalId(consumer), 'Arn'] },
            RetryPolicy: {
              MaximumRetryAttempts: RULE_RETRY_ATTEMPTS,
              MaximumEventAgeInSeconds: RULE_MAX_EVENT_AGE_SECONDS,
            },
            DeadLetterConfig: { Arn: { 'Fn::GetAtt': [logicalId(queue), 'Arn'] } },
          }),
        ],
      });
      const queueResource = resourcesOf('AWS::SQS::Queue')[logicalId(queue)];
      expect(queueResource?.Properties).toMatchObject({
        MessageRetentionPeriod: 14 * 24 * 60 * 60,
        SqsManagedSseEnabled: true,
      });
    }
  });

  it("hears the media bucket's uploads on the default bus, where S3 reports, and nothing else of S3", () => {
    const mediaRules = allRules.filter((rule) => rule.bus === 'default');
    expect(mediaRules.map((rule) => rule.name)).toEqual(['MediaImageVariants']);
    const bucket = logicalId(stack.media.bucket);
    const consumer = stack.events.consumers.MediaImageVariants;
    if (!consumer) throw new Error('no MediaImageVariants consumer');
    const onDefaultBus = Object.values(resourcesOf('AWS::Events::Rule')).filter(
      (rule) => rule.Properties?.EventBusName === undefined,
    );
    expect(onDefaultBus).toHaveLength(1);
    expect(onDefaultBus[0]?.Properties).toMatchObject({
      EventPattern: {
        source: ['aws.s3'],
        'detail-type': ['Object Created'],
        detail: { bucket: { name: [{ Ref: bucket }] }, object: { key: [{ prefix: 'uploads/' }] } },
      },
      Targets: [expect.objectContaining({ Arn: { 'Fn::GetAtt': [logicalId(consumer), 'Arn'] } })],
    });
    template.hasResourceProperties('AWS::S3::Bucket', {
      NotificationConfiguration: { EventBridgeConfiguration: { EventBridgeEnabled: true } },
    });
  });

  it('dead-letters events whose consumer keeps failing, not only failed deliveries', () => {
    for (const rule of allRules) {
      const consumer = stack.events.consumers[rule.name];
      const queue = stack.events.deadLetterQueues[rule.name];
      if (!consumer || !queue) throw new Error(`rule ${rule.name} has no consumer or queue`);
      const props = resourcesOf('AWS::Lambda::Function')[logicalId(consumer)]?.Properties;
      expect(props?.DeadLetterConfig).toEqual({ TargetArn: { 'Fn::GetAtt': [logicalId(queue), 'Arn'] } });
    }
  });
});

describe('Website', () => {
  it('keeps both buckets (site and media) private and TLS-only', () => {
    const buckets = resourcesOf('AWS::S3::Bucket');
    expect(Object.keys(buckets).sort()).toEqual(
      [logicalId(stack.media.bucket), logicalId(stack.website.bucket)].sort(),
    );
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties?.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    const policies = Object.values(resourcesOf('AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(2);
    for (const policy of policies) {
      expect(JSON.stringify(policy.Properties?.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('serves product photos under /media/* from the media bucket, and lets uploaded originals expire', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/media/*',
            ViewerProtocolPolicy: 'redirect-to-https',
            AllowedMethods: ['GET', 'HEAD'],
          }),
        ]),
      }),
    });
    const lifecycle = JSON.stringify(buckets().media?.Properties?.LifecycleConfiguration);
    expect(lifecycle).toContain('"Prefix":"uploads/"');
    expect(buckets().media?.Properties?.CorsConfiguration).toMatchObject({
      CorsRules: [expect.objectContaining({ AllowedMethods: ['POST'] })],
    });
  });

  it('lets the upload route put only into uploads/, and the media consumer read there and write variants', () => {
    const bucketArn = JSON.stringify({ 'Fn::GetAtt': [logicalId(stack.media.bucket), 'Arn'] });
    const uploadFn = stack.api.functions['POST /admin/uploads'];
    const consumer = stack.events.consumers.MediaImageVariants;
    if (!uploadFn || !consumer) throw new Error('missing upload function or consumer');
    const s3Statements = (fn: IFunction) =>
      statementsOf(fn).filter((statement) => JSON.stringify(statement.Resource).includes(bucketArn));
    const uploadResources = JSON.stringify(s3Statements(uploadFn).map((statement) => statement.Resource));
    expect(uploadResources).toContain('/uploads/*');
    expect(uploadResources).not.toContain('/media/');
    expect(actionsOf(s3Statements(uploadFn)).some((action) => action.startsWith('s3:Get'))).toBe(false);
    const consumerResources = JSON.stringify(s3Statements(consumer).map((statement) => statement.Resource));
    expect(consumerResources).toContain('/uploads/*');
    expect(consumerResources).toContain('/media/images/*');
    // Only these two functions touch the media bucket at all.
    for (const fn of shopFunctions()) {
      if (fn === uploadFn || fn === consumer) continue;
      expect(s3Statements(fn), fn.node.path).toEqual([]);
    }
  });

  it('lets the storefront pages function read the published app, write pages/ and invalidate, and nothing else of the site', () => {
    const pagesFn = stack.events.consumers[STOREFRONT_PAGES_RULE];
    if (!pagesFn) throw new Error('missing storefront pages function');
    const siteArn = JSON.stringify({ 'Fn::GetAtt': [logicalId(stack.website.bucket), 'Arn'] });
    const siteStatements = (fn: IFunction) =>
      statementsOf(fn).filter((statement) => JSON.stringify(statement.Resource).includes(siteArn));
    const resources = siteStatements(pagesFn).map((statement) => JSON.stringify(statement.Resource));
    expect(resources.some((resource) => resource.includes('/index.html'))).toBe(true);
    expect(resources.some((resource) => resource.includes('/pages/*'))).toBe(true);
    for (const statement of siteStatements(pagesFn)) {
      const resource = JSON.stringify(statement.Resource);
      if (actionsOf([statement]).some((action) => action.startsWith('s3:Put'))) expect(resource).toContain('/pages/*');
      if (actionsOf([statement]).some((action) => action.startsWith('s3:Get')))
        expect(resource).toContain('/index.html');
    }
    // Of the shop's functions (CDK's own deployment invalidates too).
    const invalidators = rolesGranted('cloudfront:CreateInvalidation');
    expect(invalidators.has(roleIdOf(pagesFn))).toBe(true);
    // The not-found route reads pages/ and nothing more.
    const missingPageFn = stack.api.functions['GET /pages/{page+}'];
    if (!missingPageFn) throw new Error('missing GET /pages/{page+} function');
    for (const statement of siteStatements(missingPageFn)) {
      expect(
        actionsOf([statement]).every((action) => action.startsWith('s3:Get') || action.startsWith('s3:List')),
      ).toBe(true);
      expect(JSON.stringify(statement.Resource)).toContain('/pages/*');
    }
    expect(siteStatements(missingPageFn)).not.toEqual([]);
    for (const fn of shopFunctions()) {
      if (fn === pagesFn || fn === missingPageFn) continue;
      expect(siteStatements(fn), fn.node.path).toEqual([]);
      expect(invalidators.has(roleIdOf(fn)), fn.node.path).toBe(false);
    }
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          SITE_BUCKET: { Ref: logicalId(stack.website.bucket) },
          DISTRIBUTION_ID: { Ref: logicalId(stack.website.distribution) },
        }),
      },
    });
    // The rule: product saved or deleted, one function.
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: { source: ['linea.shop'], 'detail-type': ['ProductSaved', 'ProductDeleted'] },
    });
  });

  it('renders every page at deploy, after the app is published, again for each new build or config', () => {
    const [id, resource] = Object.entries(resourcesOf('Custom::StorefrontPages'))[0] ?? [];
    expect(id).toBeDefined();
    const pagesFn = stack.events.consumers[STOREFRONT_PAGES_RULE] as IFunction;
    expect(resource?.Properties?.ServiceToken).toEqual({ 'Fn::GetAtt': [logicalId(pagesFn), 'Arn'] });
    const app = resource?.Properties?.App as { build: string; config: Record<string, unknown> };
    expect(app.build).toMatch(/^[0-9a-f]{64}$/);
    expect(app.config).toMatchObject({ apiUrl: '/api', userPoolId: { Ref: logicalId(stack.auth.userPool) } });
    const content = Object.entries(resourcesOf('Custom::CDKBucketDeployment')).find(([, deployment]) =>
      JSON.stringify(deployment.Properties?.Exclude ?? []).includes('pages/*'),
    );
    // The published app's deployment leaves the pages alone when it prunes, and the render waits for it.
    expect(content).toBeDefined();
    expect((resource as { DependsOn?: string[] }).DependsOn).toContain(content?.[0]);
  });

  it('serves through CloudFront with Origin Access Control and the page routing as a function', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Origins: Match.arrayWith([
          Match.objectLike({ OriginAccessControlId: Match.anyValue() }),
          Match.objectLike({ OriginAccessControlId: Match.anyValue() }),
        ]),
        // Custom error pages would apply to /api/* as well, and turn the API's 403 and 404 into index.html.
        CustomErrorResponses: Match.absent(),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          ResponseHeadersPolicyId: { Ref: logicalId(stack.website.responseHeadersPolicy) },
          FunctionAssociations: [
            {
              EventType: 'viewer-request',
              FunctionARN: { 'Fn::GetAtt': [functionIdWith(PAGE_ROUTING_CODE), 'FunctionARN'] },
            },
          ],
        }),
      }),
    });
    // A page path the bucket has no page for fails over to the API's GET /pages/{page+}.
    const config = distributionConfig() as ReturnType<typeof distributionConfig> & {
      DefaultCacheBehavior: { TargetOriginId: string };
      OriginGroups: { Items: { Id: string; FailoverCriteria: unknown; Members: unknown }[] };
    };
    const group = config.OriginGroups.Items.find((item) => item.Id === config.DefaultCacheBehavior.TargetOriginId);
    expect(group?.FailoverCriteria).toEqual({ StatusCodes: { Items: [403, 404], Quantity: 2 } });
    const [primary, fallback] = (group?.Members as { Items: { OriginId: string }[] }).Items.map((member) =>
      config.Origins.find((origin) => origin.Id === member.OriginId),
    );
    expect(JSON.stringify(primary?.DomainName)).toContain(logicalId(stack.website.bucket));
    expect(JSON.stringify(fallback?.DomainName)).toContain('.execute-api.');
    expect(allRoutes.some((route) => route.method === 'GET' && route.path === '/pages/{page+}')).toBe(true);
    const routing = cloudFrontFunction(PAGE_ROUTING_CODE);
    const cases: [string, string][] = [
      ['/', '/pages/en/index.html'],
      ['/product/essential-organic-tee', '/pages/en/product/essential-organic-tee.html'],
      ['/dashboard', '/pages/en/shell.html'],
      ['/dashboard/orders', '/pages/en/missing.html'],
      ['/assets/index-abc123.js', '/assets/index-abc123.js'],
      ['/robots.txt', '/robots.txt'],
      ['/favicon.svg', '/favicon.svg'],
    ];
    for (const [uri, expected] of cases) {
      expect(routing(viewerRequest(uri)).uri, uri).toBe(expected);
    }
    const german = viewerRequest('/products', { category: { value: 'outerwear' } });
    german.request.cookies = { lang: { value: 'de' } };
    expect(routing(german)).toMatchObject({ uri: '/pages/de/products/category/outerwear.html', querystring: {} });
  });

  it('serves the API under /api/*: all methods, nothing cached, every viewer header but Host', () => {
    const behaviors = cacheBehaviors();
    const api = behaviors.find((behavior) => behavior.PathPattern === '/api/*');
    expect(api).toMatchObject({
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      // The managed policies CachingDisabled and AllViewerExceptHostHeader: with caching off,
      // CloudFront forwards Authorization; API Gateway gets its own Host.
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
      ViewerProtocolPolicy: 'https-only',
      ResponseHeadersPolicyId: { Ref: logicalId(stack.website.responseHeadersPolicy) },
      FunctionAssociations: [
        {
          EventType: 'viewer-request',
          FunctionARN: { 'Fn::GetAtt': [functionIdWith(STRIP_API_PREFIX_CODE), 'FunctionARN'] },
        },
      ],
    });
    // Its origin is the HTTP API's own host, over HTTPS, with API Gateway's 30 s.
    const origin = distributionConfig().Origins.find((candidate) => candidate.Id === api?.TargetOriginId);
    expect(JSON.stringify(origin?.DomainName)).toContain(`"${logicalId(stack.api.httpApi)}"`);
    expect(JSON.stringify(origin?.DomainName)).toContain('.execute-api.');
    expect(origin?.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginReadTimeout: 30 });
  });

  it('takes /api off the path with a CloudFront Function, query string untouched', () => {
    const strip = cloudFrontFunction(STRIP_API_PREFIX_CODE);
    const event = viewerRequest('/api/products/essential-organic-tee', { lang: { value: 'de' } });
    expect(strip(event)).toEqual({ ...event.request, uri: '/products/essential-organic-tee' });
    const cases: [string, string][] = [
      ['/api', '/'],
      ['/api/', '/'],
      ['/api/me', '/me'],
      ['/api/admin/orders/export', '/admin/orders/export'],
      ['/api/sitemap.xml', '/sitemap.xml'],
      ['/apiary', '/apiary'],
    ];
    for (const [uri, expected] of cases) {
      expect(strip(viewerRequest(uri)).uri, uri).toBe(expected);
    }
  });

  it("caches only the routes the table shares, keyed by path and query alone, as long as the API's Cache-Control says", () => {
    const shared = allRoutes.filter((route) => route.cache === 'shared');
    const patterns = ['/api/products', '/api/products/*', '/api/sitemap.xml'];
    expect(shared.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'GET /products',
      'GET /products/{id}',
      'GET /sitemap.xml',
    ]);
    const behaviors = cacheBehaviors();
    const order = behaviors.map((behavior) => behavior.PathPattern);
    // CloudFront takes the first match: the cached paths come before /api/*.
    for (const pattern of patterns) expect(order.indexOf(pattern)).toBeLessThan(order.indexOf('/api/*'));
    const cached = behaviors.filter((behavior) => patterns.includes(behavior.PathPattern));
    expect(cached).toHaveLength(patterns.length);
    const api = behaviors.find((behavior) => behavior.PathPattern === '/api/*');
    for (const behavior of cached) {
      expect(behavior).toMatchObject({
        AllowedMethods: ['GET', 'HEAD'],
        TargetOriginId: api?.TargetOriginId,
        FunctionAssociations: api?.FunctionAssociations,
        ResponseHeadersPolicyId: api?.ResponseHeadersPolicyId,
      });
      // No origin request policy: the API sees the cache key and nothing else, so no token
      // reaches it and a kept answer cannot depend on who asked.
      expect(behavior.OriginRequestPolicyId).toBeUndefined();
      expect(behavior.CachePolicyId).toEqual({ Ref: expect.any(String) });
    }
    const policy = resourcesOf('AWS::CloudFront::CachePolicy')[(cached[0]?.CachePolicyId as { Ref: string }).Ref];
    expect(policy?.Properties?.CachePolicyConfig).toMatchObject({
      // Nothing without a Cache-Control header is kept; s-maxage decides, at most an hour.
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: 3600,
      ParametersInCacheKeyAndForwardedToOrigin: {
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        HeadersConfig: { HeaderBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
      },
    });
    expect(CACHE_CONTROL.shared).toMatch(/^public, .*s-maxage=60/);
  });

  it('sends security headers with a CSP that allows this origin (the API too) and Cognito', () => {
    const policies = Object.values(resourcesOf('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(policies).toHaveLength(1);
    const security = (policies[0]?.Properties?.ResponseHeadersPolicyConfig as Record<string, Record<string, unknown>>)
      .SecurityHeadersConfig;
    expect(security).toMatchObject({
      StrictTransportSecurity: { Override: true, IncludeSubdomains: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
    const csp = JSON.stringify((security?.ContentSecurityPolicy as Record<string, unknown>).ContentSecurityPolicy);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src 'self' https:\/\/cognito-idp\./);
    expect(csp).not.toContain('execute-api');
    expect(csp).toContain(logicalId(stack.media.bucket));
  });

  it('deploys index.html carrying the runtime config (the pool and client filled in at deploy), not config.json', () => {
    const deployments = Object.values(resourcesOf('Custom::CDKBucketDeployment'));
    expect(deployments.length).toBeGreaterThan(0);
    const content = deployments.find((deployment) => deployment.Properties?.DistributionPaths);
    expect(content?.Properties).toMatchObject({
      DistributionPaths: ['/*'],
      Prune: true,
      SystemMetadata: { 'cache-control': 'no-cache' },
    });

    // The staged index.html: the config script in its head, deploy-time values as markers.
    const outdir = app.outdir;
    const pages = readdirSync(outdir)
      .filter((entry) => entry.startsWith('asset.') && statSync(path.join(outdir, entry)).isDirectory())
      .flatMap((entry) =>
        readdirSync(path.join(outdir, entry), { recursive: true, encoding: 'utf8' }).map((file) =>
          path.join(outdir, entry, file),
        ),
      );
    expect(pages.some((file) => file.endsWith('config.json'))).toBe(false);
    expect(pages.filter((file) => file.includes(`${path.sep}.vite${path.sep}`))).toEqual([]);
    const indexes = pages
      .filter((file) => path.basename(file) === 'index.html')
      .map((file) => readFileSync(file, 'utf8'));
    expect(indexes).toHaveLength(1);
    const html = indexes[0] as string;
    const script =
      /<script id="runtime-config" type="application\/json">([^<]*(?:<<marker:0xbaba:\d+>>[^<]*)*)<\/script>\n\s*<\/head>/.exec(
        html,
      );
    expect(script, html).not.toBeNull();
    const markers = content?.Properties?.SourceMarkers as Record<string, unknown>[];
    const config = JSON.parse(
      (script?.[1] as string).replace(/<<marker:0xbaba:(\d+)>>/g, (marker) =>
        JSON.stringify(markers.find((entry) => marker in entry)?.[marker]).replace(/"/g, "'"),
      ),
    ) as Record<string, unknown>;
    expect(config).toMatchObject({ apiUrl: '/api', cognitoEndpoint: null, authFlow: 'USER_SRP_AUTH', stage: 'test' });
    expect(config.userPoolId).toContain(logicalId(stack.auth.userPool));
    expect(config.userPoolClientId).toContain(logicalId(stack.auth.userPoolClient));
  });

  it('fails early with an actionable message when the web app is not built', () => {
    const app = new App();
    const missing = path.join(siteDir, 'missing');
    expect(
      () => new ShopStack(app, 'linea-unbuilt', { stage: 'test', fromEmail: FROM_EMAIL, webAssetDir: missing }),
    ).toThrow(/run `npm run build` first/i);
  });
});

describe('Account codes (sign-up and password reset)', () => {
  const sender = () => {
    const fn = stack.auth.triggerFunctions.CustomEmailSender;
    if (!fn) throw new Error('no CustomEmailSender trigger');
    return fn;
  };
  const keyId = () => {
    const [id] = Object.keys(resourcesOf('AWS::KMS::Key'));
    if (!id) throw new Error('no KMS key');
    return id;
  };

  it('verifies the email at sign-up and confirms no account by a trigger', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AutoVerifiedAttributes: ['email'],
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    });
    const pool = Object.values(resourcesOf('AWS::Cognito::UserPool'))[0];
    expect(Object.keys((pool?.Properties?.LambdaConfig as Record<string, unknown>) ?? {})).not.toContain('PreSignUp');
  });

  it('encrypts the codes with a rotated key of its own, kept like the pool', () => {
    template.resourceCountIs('AWS::KMS::Key', 1);
    template.hasResource('AWS::KMS::Key', {
      Properties: Match.objectLike({ EnableKeyRotation: true }),
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: Match.objectLike({ KMSKeyID: { 'Fn::GetAtt': [keyId(), 'Arn'] } }),
    });
    template.hasResourceProperties('AWS::KMS::Key', {
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cognito-idp.amazonaws.com' },
            Action: ['kms:Encrypt', 'kms:GenerateDataKey'],
            Condition: Match.objectLike({ StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } }),
          }),
        ]),
      },
    });
  });

  it('lets the sender decrypt with that key alone, read the table and find the key by its ARN', () => {
    const statements = statementsOf(sender());
    const decrypt = statements.filter((statement) => actionsOf([statement]).includes('kms:Decrypt'));
    expect(decrypt).toHaveLength(1);
    expect(decrypt[0]?.Resource).toEqual({ 'Fn::GetAtt': [keyId(), 'Arn'] });
    expect(actionsOf(statements)).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'ses:SendEmail']));
    expect(actionsOf(statements)).not.toContain('dynamodb:PutItem');
    expect(rolesGranted('kms:Decrypt')).toEqual(new Set([roleIdOf(sender())]));
    const variables = (
      resourcesOf('AWS::Lambda::Function')[logicalId(sender())]?.Properties?.Environment as {
        Variables: Record<string, unknown>;
      }
    ).Variables;
    expect(variables.CODE_KEY_ARN).toEqual({ 'Fn::GetAtt': [keyId(), 'Arn'] });
  });

  it('lets the web client write only the names, email and locale, never email_verified', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      WriteAttributes: ['email', 'family_name', 'given_name', 'locale'],
    });
  });
});
