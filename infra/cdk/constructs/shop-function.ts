import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import { Architecture, Runtime, type CfnFunction, type FunctionOptions } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { PolicyDocument, PolicyStatement, Role, type CfnRole } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { prunedStripeEntry } from '../bundling/stripe-pruned';
import { acceptNag } from '../nag';
import type {
  CHAT_MODEL_ENV_NAMES,
  CONFIG_ENV_NAMES,
  Config,
  MEDIA_BUCKET_ENV_NAMES,
  SITE_PAGES_ENV_NAMES,
  TOKEN_ENV_NAMES,
  TokenConfig,
  USER_POOL_ENV_NAMES,
} from '../../../functions/lib/config';
import { REPO_ROOT } from '../paths';

/** What every function is told about its surroundings; the same shape `loadConfig` returns. */
export type ShopFunctionConfig = Config;

export interface ShopFunctionProps extends Pick<
  FunctionOptions,
  'description' | 'retryAttempts' | 'maxEventAge' | 'deadLetterQueue'
> {
  /**
   * Module under functions/ that exports `handler`, as the route, rule and trigger tables name
   * it, e.g. `http/products/get-product`.
   */
  readonly handlerModule: string;
  readonly config: ShopFunctionConfig;
  /**
   * The user pool that tokens checked by the handler itself must come from (routes with
   * `optional` access).
   *
   * @default - none: the function checks no tokens itself
   */
  readonly tokenConfig?: TokenConfig;
  /**
   * The user pool whose users the function administers (routes whose permissions say `deleteUsers`).
   *
   * @default - none
   */
  readonly userPoolId?: string;
  /** Variables of this function alone, on top of the shared ones (e.g. a trigger's KMS key). */
  readonly environment?: Readonly<Record<string, string>>;
  /** @default Duration.seconds(10), enough for an HTTP handler doing a few DynamoDB calls */
  readonly timeout?: Duration;
  /** @default 512 */
  readonly memorySize?: number;
  /**
   * Packages with native code (sharp) that are installed beside the bundle, for Lambda's
   * platform (Linux, arm64), instead of bundled.
   * @default none
   */
  readonly nodeModules?: readonly string[];
  /** The bucket of product photos (functions whose permissions name `media`). @default none */
  readonly mediaBucketName?: string;
  /**
   * Where the storefront's pages are (functions whose permissions name `sitePages`), and the
   * distribution to invalidate them at (`render` only). @default none
   */
  readonly sitePages?: { readonly bucketName: string; readonly distributionId?: string };
  /** The shop assistant's Bedrock model (functions whose permissions say `invokeChatModel`). @default none */
  readonly chatModelId?: string;
  /**
   * `streaming`: `react-dom/server` in the bundle is React's streaming server build alone
   * (STREAMING_REACT_DOM_SERVER), for a function that renders only through React Email's
   * `render`. Not for one that calls `renderToString` (the storefront pages function).
   * @default the whole `react-dom/server`
   */
  readonly reactDomServer?: 'streaming';
}

/**
 * One log group for every function of the stack. Lambda names each stream in a shared group
 * after its function (`YYYY/MM/DD/<function>[<version>]<environment>`), so no line loses its
 * source, and the stack keeps some 60 resources of CloudFormation's 500 for what protects the
 * shop (queues, alarms) instead of one log group per function.
 */
export const FUNCTION_LOG_GROUP_ID = 'FunctionLogs';
const FUNCTION_LOG_RETENTION = RetentionDays.ONE_MONTH;

function functionLogGroup(scope: Construct): LogGroup {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild(FUNCTION_LOG_GROUP_ID);
  if (existing instanceof LogGroup) return existing;
  return new LogGroup(stack, FUNCTION_LOG_GROUP_ID, { retention: FUNCTION_LOG_RETENTION });
}

/**
 * Loads at the top of every bundle. The SDK v3 and some of its dependencies still call
 * `require` for Node built-ins, which does not exist in an ES module.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __shopCreateRequire } from 'node:module'; const require = __shopCreateRequire(import.meta.url);";

/**
 * The links of the SDK's credential chain that it loads with `import()` only when the earlier
 * links found nothing, left out of every bundle (~129 KiB each): SSO, ini files, processes, web
 * identity, container and instance metadata, console login, and the SSO-OIDC client of the bearer
 * token chain (Bedrock's API keys).
 *
 * Safe because none of them runs in Lambda: the runtime puts the execution role's credentials in
 * AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN, and the chain's first link
 * (`fromEnv`, bundled, as is the rest of the SDK) returns them; its bearer chain is never asked
 * because our clients sign with SigV4. Should a link ever be reached (AWS_PROFILE set by hand), its
 * `import()` looks for the package in the SDK v3 that the nodejs22.x runtime ships, and at worst
 * fails naming the package: never other credentials. External rather than aliased to an env-only
 * provider, so the SDK's own chain code and its order stay as they are.
 *
 * Only packages that are imported lazily everywhere may be listed: a statically imported one stops
 * the bundle from loading, as `@smithy/core/event-streams` would (lazily imported by one module,
 * statically by the Bedrock and S3 clients). The infra test that loads every bundle in a fresh
 * Node process, away from node_modules, catches that.
 */
export const LAZY_CREDENTIAL_PROVIDERS = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/credential-provider-login',
  '@smithy/credential-provider-imds',
  '@aws-sdk/nested-clients/sso-oidc',
] as const;

/**
 * The SDK's event-stream codec (~19 KiB), which `@smithy/core`'s protocols load with `import()`
 * only for an operation whose input or output is an event stream. Of the services the functions
 * call, only S3 (SelectObjectContent) and Bedrock Runtime (ConverseStream) have such operations,
 * and their clients import the codec statically; DynamoDB, EventBridge, SES, Secrets Manager,
 * Cognito, CloudFront and KMS have none, so for a function without the S3 or Bedrock client the
 * `import()` can never run and the codec stays out of its bundle, like LAZY_CREDENTIAL_PROVIDERS.
 * A function is given those clients' settings (bucket, model) exactly when it may call them; the
 * infra test that loads every bundle away from node_modules fails any bundle that imports the
 * codec statically without it.
 */
export const EVENT_STREAM_CODEC = '@smithy/core/event-streams';

function mayUseEventStreams(props: ShopFunctionProps): boolean {
  return Boolean(props.mediaBucketName || props.sitePages || props.chatModelId);
}

/** Modules replaced at bundle time, with why; see each stand-in. */
const BUNDLE_ALIASES = {
  'prettier/standalone': path.join(REPO_ROOT, 'infra', 'cdk', 'bundling', 'prettier-unavailable.ts'),
  'prettier/plugins/html': path.join(REPO_ROOT, 'infra', 'cdk', 'bundling', 'prettier-unavailable.ts'),
  'html-to-text': path.join(REPO_ROOT, 'infra', 'cdk', 'bundling', 'html-to-text-unavailable.ts'),
} as const;

/**
 * Node's `react-dom/server` carries two builds of React's server renderer (~110 KiB each, minified):
 * the legacy one behind `renderToString` and `renderToStaticMarkup`, and the streaming one behind
 * `renderToPipeableStream` and `renderToReadableStream`. React Email's `render` uses the streaming
 * one alone (renderToReadableStream where web streams exist, as in Node 22), so a function that
 * renders emails with it gets react-dom's own production build of that renderer in place of the
 * entry (the file the entry loads when NODE_ENV is production, which every bundle defines).
 * tests/infra/order-email-bundle.test.ts renders the order confirmation through a bundle built
 * with these aliases and holds it against the source's rendering, byte for byte.
 */
const STREAMING_REACT_DOM_SERVER = {
  'react-dom/server': path.join(
    path.dirname(createRequire(path.join(REPO_ROOT, 'functions', 'package.json')).resolve('react-dom/package.json')),
    'cjs',
    'react-dom-server.node.production.js',
  ),
} as const;

/**
 * The esbuild `--alias` arguments of a bundle. Besides BUNDLE_ALIASES, `stripe` is the SDK cut
 * down to the resources the shop calls (infra/cdk/bundling/stripe-pruned.ts), derived on the first
 * function's synthesis rather than on import, so code that only reads this module's constants
 * never touches node_modules/.cache; and STREAMING_REACT_DOM_SERVER where the function asks for it.
 */
export function bundleAliasArgs(reactDomServer?: ShopFunctionProps['reactDomServer']): string[] {
  return Object.entries({
    ...BUNDLE_ALIASES,
    stripe: prunedStripeEntry(),
    ...(reactDomServer === 'streaming' ? STREAMING_REACT_DOM_SERVER : {}),
  }).map(([module, replacement]) => `${module}=${replacement}`);
}

/**
 * The template metadata key under which each function names its handler module, so tools that
 * read only cdk.out (the bench) know which bundle is which handler.
 */
export const HANDLER_MODULE_METADATA = 'linea:handlerModule';

/**
 * The one way this project makes a Lambda function: Node 22 on Graviton, an ESM bundle with
 * source maps, the stack's function log group (bounded retention), and the environment
 * `loadConfig` reads.
 */
export class ShopFunction extends NodejsFunction {
  /** The module under functions/ whose `handler` this function runs, e.g. `http/products/get-product`. */
  readonly handlerModule: string;

  constructor(scope: Construct, id: string, props: ShopFunctionProps) {
    const entry = path.join(REPO_ROOT, 'functions', `${props.handlerModule}.ts`);
    if (!existsSync(entry)) {
      throw new Error(
        `ShopFunction ${id}: handler module functions/${props.handlerModule}.ts does not exist. ` +
          'Fix the module path in functions/routes.ts, rules.ts or triggers.ts, or add the file.',
      );
    }
    const logGroup = functionLogGroup(scope);
    super(scope, id, {
      entry,
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup,
      retryAttempts: props.retryAttempts,
      maxEventAge: props.maxEventAge,
      deadLetterQueue: props.deadLetterQueue,
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        // The `service` of every log line (functions/lib/logger.ts): the handler module, which
        // names the function in the route, rule and trigger tables.
        POWERTOOLS_SERVICE_NAME: props.handlerModule,
        ...toEnvironment(props.config),
        ...(props.tokenConfig ? toTokenEnvironment(props.tokenConfig) : {}),
        ...(props.userPoolId
          ? ({ USER_POOL_ID: props.userPoolId } satisfies Record<(typeof USER_POOL_ENV_NAMES)[number], string>)
          : {}),
        ...(props.chatModelId
          ? ({ CHAT_MODEL_ID: props.chatModelId } satisfies Record<(typeof CHAT_MODEL_ENV_NAMES)[number], string>)
          : {}),
        ...(props.mediaBucketName
          ? ({ MEDIA_BUCKET: props.mediaBucketName } satisfies Record<(typeof MEDIA_BUCKET_ENV_NAMES)[number], string>)
          : {}),
        ...(props.sitePages ? { SITE_BUCKET: props.sitePages.bucketName } : {}),
        ...(props.sitePages?.distributionId
          ? ({ DISTRIBUTION_ID: props.sitePages.distributionId } satisfies Partial<
              Record<(typeof SITE_PAGES_ENV_NAMES)[number], string>
            >)
          : {}),
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        // The SDK v3 packages ship ES module builds under `module`; preferring them lets
        // esbuild tree-shake the clients.
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        minify: true,
        sourceMap: true,
        // Source maps only need the mappings for stack traces; the sources would double the
        // upload for nothing.
        sourcesContent: false,
        // The SDK v3 is bundled rather than taken from the runtime: the function then runs the
        // exact SDK version the tests and the local stand-ins ran, minified and tree-shaken to
        // the commands it uses, instead of whatever version the runtime image carries that day.
        // Only the credential links Lambda never reaches stay out (see LAZY_CREDENTIAL_PROVIDERS),
        // and the event-stream codec where no client can use it (EVENT_STREAM_CODEC).
        externalModules: [...LAZY_CREDENTIAL_PROVIDERS, ...(mayUseEventStreams(props) ? [] : [EVENT_STREAM_CODEC])],
        esbuildArgs: {
          '--alias': bundleAliasArgs(props.reactDomServer),
        },
        // React (the order emails) picks its production build from NODE_ENV at bundle time;
        // without this the bundle carries, and runs, the slower development build.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        // The storefront pages function renders the web app's components, whose styles are the
        // browser build's business.
        loader: { '.css': 'empty' },
        logLevel: LogLevel.WARNING,
        ...(props.nodeModules?.length
          ? {
              nodeModules: [...props.nodeModules],
              // npm installs the optional native packages of the platform it is told, not of this machine.
              environment: { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' },
            }
          : {}),
      },
    });
    this.handlerModule = props.handlerModule;
    (this.node.defaultChild as CfnFunction).addMetadata(HANDLER_MODULE_METADATA, props.handlerModule);
    writeOnlyToLogGroup(this, logGroup);
    acceptNag(
      this,
      'L1',
      'nodejs22.x on purpose: the bundles target node22 and LAZY_CREDENTIAL_PROVIDERS relies on the SDK that ' +
        "runtime ships; it is supported until Node 22's end of life (April 2027). Moving is one deliberate change " +
        '(runtime, esbuild target, the infra test that pins it, README), not one each new runtime release forces.',
    );
  }
}

/**
 * The function's role may write to the stack's function log group and nowhere else, in place of
 * AWSLambdaBasicExecutionRole (AWS managed: create and write any log group of the account). The
 * group exists before any function, so CreateLogGroup is not needed. Inline in the role rather
 * than in its default policy, which not every function has: no extra resource towards
 * CloudFormation's 500.
 */
function writeOnlyToLogGroup(fn: ShopFunction, logGroup: LogGroup): void {
  const role = fn.node.tryFindChild('ServiceRole');
  if (!(role instanceof Role)) return;
  const cfnRole = role.node.defaultChild as CfnRole;
  // The L2 role offers no way to drop the managed policy the function added; the L1 does.
  cfnRole.managedPolicyArns = undefined;
  cfnRole.policies = [
    {
      policyName: 'WriteFunctionLogs',
      policyDocument: new PolicyDocument({
        statements: [
          new PolicyStatement({
            actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
            resources: [logGroup.logGroupArn],
          }),
        ],
      }),
    },
  ];
}

/**
 * The variable names live here and in functions/lib/config.ts only; `satisfies` makes a name
 * added to CONFIG_ENV_NAMES without a value here a compile error.
 */
function toEnvironment(config: ShopFunctionConfig): Record<string, string> {
  return {
    STAGE: config.stage,
    TABLE_NAME: config.tableName,
    EVENT_BUS_NAME: config.eventBusName,
    FROM_EMAIL: config.fromEmail,
    SES_CONFIGURATION_SET: config.emailConfigurationSet,
    WEB_URL: config.webUrl,
    SHOP_INBOX_EMAIL: config.shopInboxEmail,
    STRIPE_API_URL: config.stripeApiUrl,
    STRIPE_SECRET_ID: config.stripeSecretId,
  } satisfies Record<(typeof CONFIG_ENV_NAMES)[number], string>;
}

function toTokenEnvironment(config: TokenConfig): Record<string, string> {
  return {
    COGNITO_ISSUER: config.issuer,
    COGNITO_CLIENT_ID: config.clientId,
  } satisfies Record<(typeof TOKEN_ENV_NAMES)[number], string>;
}
