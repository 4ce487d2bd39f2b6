import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { Architecture, Runtime, type FunctionOptions } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type {
  CHAT_MODEL_ENV_NAMES,
  CONFIG_ENV_NAMES,
  Config,
  MEDIA_BUCKET_ENV_NAMES,
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
  /** The shop assistant's Bedrock model (functions whose permissions say `invokeChatModel`). @default none */
  readonly chatModelId?: string;
  /** @default RetentionDays.ONE_MONTH */
  readonly logRetention?: RetentionDays;
}

/**
 * Loads at the top of every bundle. The SDK v3 and some of its dependencies still call
 * `require` for Node built-ins, which does not exist in an ES module.
 */
const ESM_REQUIRE_BANNER =
  "import { createRequire as __shopCreateRequire } from 'node:module'; const require = __shopCreateRequire(import.meta.url);";

/**
 * The one way this project makes a Lambda function: Node 22 on Graviton, an ESM bundle with
 * source maps, a log group with bounded retention, and the environment `loadConfig` reads.
 */
export class ShopFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ShopFunctionProps) {
    const entry = path.join(REPO_ROOT, 'functions', `${props.handlerModule}.ts`);
    if (!existsSync(entry)) {
      throw new Error(
        `ShopFunction ${id}: handler module functions/${props.handlerModule}.ts does not exist. ` +
          'Fix the module path in functions/routes.ts, rules.ts or triggers.ts, or add the file.',
      );
    }
    const logGroup = new LogGroup(scope, `${id}LogGroup`, {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
    });

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
        externalModules: [],
        // React (the order emails) picks its production build from NODE_ENV at bundle time;
        // without this the bundle carries, and runs, the slower development build.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
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
  }
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
