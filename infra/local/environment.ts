/**
 * The environment the functions run with locally: the same variables the ShopFunction
 * construct sets in the cloud, plus the SDK's own endpoint variables that point each client at
 * its stand-in. The functions read them once per cold start (config and clients are module
 * singletons), so they must be in process.env before the first functions module is imported,
 * and cannot change afterwards within the same process.
 */
import type {
  CHAT_MODEL_ENV_NAMES,
  CONFIG_ENV_NAMES,
  MEDIA_BUCKET_ENV_NAMES,
  SITE_PAGES_ENV_NAMES,
  TOKEN_ENV_NAMES,
  TokenConfig,
  USER_POOL_ENV_NAMES,
} from '../../functions/lib/config';

type ConfigEnvName = (typeof CONFIG_ENV_NAMES)[number];

export interface FunctionEnvironmentInput {
  readonly tableName: string;
  readonly eventBusName: string;
  readonly fromEmail: string;
  /** The name the functions send with; locally only the mailbox simulator's feedback knows of it. */
  readonly emailConfigurationSet: string;
  readonly shopInboxEmail: string;
  readonly webUrl: string;
  readonly region: string;
  readonly dynamodbEndpoint: string;
  readonly eventBusEndpoint: string;
  readonly sesEndpoint: string;
  readonly stripeApiUrl: string;
  readonly stripeSecretId: string;
  readonly secretsManagerEndpoint: string;
  /** The Cognito stand-in's public port (its guard), for the functions that administer users. */
  readonly cognitoEndpoint: string;
  readonly kmsEndpoint: string;
  readonly s3Endpoint: string;
  /** Where uploaded product photos and their variants are kept. */
  readonly mediaBucket: string;
  /** The key Cognito encrypts account codes with (the CustomEmailSender trigger decrypts them). */
  readonly codeKeyArn: string;
  /** The Bedrock stand-in (Converse), and the model id it serves: the shop assistant's model. */
  readonly bedrockEndpoint: string;
  readonly chatModelId: string;
  /** The CloudFront stand-in, and the site bucket and distribution the storefront's pages go to. */
  readonly cloudfrontEndpoint: string;
  readonly siteBucket: string;
  readonly distributionId: string;
}

export function functionEnvironment(input: FunctionEnvironmentInput): Record<string, string> {
  // Typed by config.ts's list, as the ShopFunction construct is: a variable added there and
  // missing here (or dropped there and left here) fails to compile instead of failing at runtime.
  const config: Record<ConfigEnvName, string> = {
    STAGE: 'local',
    TABLE_NAME: input.tableName,
    EVENT_BUS_NAME: input.eventBusName,
    FROM_EMAIL: input.fromEmail,
    SES_CONFIGURATION_SET: input.emailConfigurationSet,
    WEB_URL: input.webUrl,
    SHOP_INBOX_EMAIL: input.shopInboxEmail,
    STRIPE_API_URL: input.stripeApiUrl,
    STRIPE_SECRET_ID: input.stripeSecretId,
  };
  return {
    ...config,
    AWS_REGION: input.region,
    // Dummy credentials: the stand-ins accept any signature, and real ones must never be used.
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_SESSION_TOKEN: '',
    AWS_PROFILE: '',
    AWS_ENDPOINT_URL_DYNAMODB: input.dynamodbEndpoint,
    AWS_ENDPOINT_URL_EVENTBRIDGE: input.eventBusEndpoint,
    AWS_ENDPOINT_URL_SES: input.sesEndpoint,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: input.secretsManagerEndpoint,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: input.cognitoEndpoint,
    AWS_ENDPOINT_URL_KMS: input.kmsEndpoint,
    AWS_ENDPOINT_URL_S3: input.s3Endpoint,
    // The client's service id is "Bedrock Runtime" (see @aws-sdk/client-bedrock-runtime).
    AWS_ENDPOINT_URL_BEDROCK_RUNTIME: input.bedrockEndpoint,
    CODE_KEY_ARN: input.codeKeyArn,
    ...({ MEDIA_BUCKET: input.mediaBucket } satisfies Record<(typeof MEDIA_BUCKET_ENV_NAMES)[number], string>),
    ...({ CHAT_MODEL_ID: input.chatModelId } satisfies Record<(typeof CHAT_MODEL_ENV_NAMES)[number], string>),
    AWS_ENDPOINT_URL_CLOUDFRONT: input.cloudfrontEndpoint,
    ...({ SITE_BUCKET: input.siteBucket, DISTRIBUTION_ID: input.distributionId } satisfies Record<
      (typeof SITE_PAGES_ENV_NAMES)[number],
      string
    >),
    // Any SDK client without its own endpoint variable must not find AWS either.
    AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
    AWS_EC2_METADATA_DISABLED: 'true',
    // One process serves every handler here, so one service name; each log line names its
    // handler in `function_name` (the invocation's context, see functions/lib/correlation.ts).
    POWERTOOLS_SERVICE_NAME: 'linea-local',
    // Lambdas deploy on Node 22; the SDK's warning about the local Node 20 is noise here.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

let applied: Record<string, string> | undefined;

/**
 * Puts the functions' environment into process.env. A second local cloud in the same process
 * must use the same values, because modules already imported keep the first ones.
 */
export function applyFunctionEnvironment(env: Record<string, string>): void {
  if (applied) {
    const changed = Object.keys(env).filter((key) => applied?.[key] !== env[key]);
    if (changed.length) {
      throw new Error(
        `A local cloud already ran in this process with other settings (${changed.join(', ')}); ` +
          'functions modules keep the endpoints of their first import. Start it with the same ports, or in a new process.',
      );
    }
  }
  for (const [key, value] of Object.entries(env)) {
    if (value === '') delete process.env[key];
    else process.env[key] = value;
  }
  applied = env;
}

/**
 * The user pool that `optional` routes check tokens against (and whose users the account
 * deletion removes), known once cognito-local is up.
 * The functions read it per call (tokenConfig), so setting it after they are loaded is fine.
 */
export function applyTokenEnvironment(config: TokenConfig & { userPoolId: string }): void {
  const env: Record<(typeof TOKEN_ENV_NAMES)[number] | (typeof USER_POOL_ENV_NAMES)[number], string> = {
    COGNITO_ISSUER: config.issuer,
    COGNITO_CLIENT_ID: config.clientId,
    USER_POOL_ID: config.userPoolId,
  };
  Object.assign(process.env, env);
}

export function assertEnvironmentReady(): void {
  if (!applied) {
    throw new Error(
      'Functions modules must not be imported before the local environment is applied (applyFunctionEnvironment)',
    );
  }
}
