/**
 * cognito-local (the npm package, run as `node <pkg>/lib/bin/start.js`) with our user pool, web
 * client, `admin` group and admin user. Its triggers call the local Lambda invoke API, so the
 * codes it emails (sign-up, password reset) go through functions/triggers/custom-email-sender.ts
 * and SES exactly as Cognito sends them in the cloud, encrypted with the local KMS key. The
 * pool's password policy is the shared one, and cognito-password-guard.ts, in front of it on
 * the public port, refuses what the policy refuses (cognito-local itself never checks it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ListGroupsCommand,
  UpdateUserPoolCommand,
  type PasswordPolicyType,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_POLICY } from '@linea/shared/domain/password-policy';
import { ADMIN_GROUP } from '../../functions/lib/auth';
import { cognitoTriggers } from '../../functions/triggers';
import { childEnvironment } from './child-env';
import { startCognitoPasswordGuard } from './cognito-password-guard';
import type { FunctionRegistry } from './lambda-invoke';
import { packageDir } from './paths';
import type { ManagedChild, ProcessGroup } from './processes';
import { httpOk, waitFor } from './wait';

const STANDARD_CLAIMS_SHIM = 'PreTokenGeneration';
const CUSTOM_EMAIL_SENDER = 'CustomEmailSender';

/**
 * The functions cognito-local may invoke: every trigger of functions/triggers.ts under its
 * Cognito name, plus the standard-claims shim when no real PreTokenGeneration exists; the
 * CustomEmailSender through `cognito-resend-code.ts`.
 */
export function triggerRegistry(): FunctionRegistry {
  const registry: Record<string, string> = { ...cognitoTriggers };
  if (!(STANDARD_CLAIMS_SHIM in registry)) {
    registry[STANDARD_CLAIMS_SHIM] = fileURLToPath(new URL('./cognito-standard-claims.ts', import.meta.url));
  }
  // The guard answers ResendConfirmationCode (which cognito-local lacks) through ForgotPassword;
  // this shim gives such an event its true source before the shop's trigger sees it.
  if (CUSTOM_EMAIL_SENDER in registry) {
    registry[CUSTOM_EMAIL_SENDER] = fileURLToPath(new URL('./cognito-resend-code.ts', import.meta.url));
  }
  return registry;
}

export interface CognitoLocal {
  readonly endpoint: string;
  readonly child: ManagedChild;
}

/** A port nothing listens on right now, for a process that is only reached through us. */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}

export async function startCognitoLocal(
  group: ProcessGroup,
  options: {
    port: number;
    dataDir: string;
    lambdaEndpoint: string;
    registry: FunctionRegistry;
    /** The local KMS and key with which cognito-local encrypts codes for the CustomEmailSender trigger. */
    kms: { endpoint: string; region: string; keyArn: string; alias: string };
  },
): Promise<CognitoLocal> {
  // Shoppers, the API and tests reach the guard on the public port (it also names the tokens'
  // issuer); cognito-local itself listens on a private one behind it.
  const endpoint = `http://127.0.0.1:${options.port}`;
  const innerPort = await freeLoopbackPort();
  const inner = `http://127.0.0.1:${innerPort}`;
  // cognito-local reads .cognito/config.json from its working directory and keeps its data
  // beside it in .cognito/db; rewritten on every start because the ports may differ.
  const configDir = join(options.dataDir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  const triggerNames = Object.fromEntries(Object.keys(options.registry).map((name) => [name, name]));
  writeFileSync(
    join(configDir, 'config.json'),
    `${JSON.stringify(
      {
        LambdaClient: {
          endpoint: options.lambdaEndpoint,
          region: 'local',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
        TriggerFunctions: triggerNames,
        // aws-sdk v2 KMS client options, as cognito-local's CryptoService passes them on.
        KMSConfig: {
          KMSKeyId: options.kms.keyArn,
          KMSKeyAlias: options.kms.alias,
          endpoint: options.kms.endpoint,
          region: options.kms.region,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
        TokenConfig: { IssuerDomain: endpoint },
      },
      null,
      2,
    )}\n`,
  );
  const child = group.spawn({
    name: 'cognito',
    command: process.execPath,
    args: [join(packageDir('cognito-local'), 'lib', 'bin', 'start.js')],
    cwd: options.dataDir,
    env: childEnvironment({ PORT: String(innerPort), HOST: '127.0.0.1' }),
  });
  await waitFor('cognito-local', child, () => httpOk(`${inner}/health`));
  const guard = await startCognitoPasswordGuard({ port: options.port, upstream: inner });
  // The guard lives as long as the process it guards; the process group ends that one.
  void child.exited.then(() => guard.close());
  return { endpoint, child };
}

export function cognitoClient(endpoint: string, region: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint,
    region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export interface CognitoIds {
  readonly userPoolId: string;
  readonly userPoolClientId: string;
}

const isNotFound = (err: unknown): boolean =>
  ['ResourceNotFoundException', 'UserNotFoundException'].includes((err as Error).name);

/** The shared password policy in Cognito's terms, as CreateUserPool and DescribeUserPool spell it. */
const POOL_PASSWORD_POLICY = {
  MinimumLength: PASSWORD_POLICY.minLength,
  RequireLowercase: PASSWORD_POLICY.requireLowercase,
  RequireUppercase: PASSWORD_POLICY.requireUppercase,
  RequireNumbers: PASSWORD_POLICY.requireDigits,
  RequireSymbols: PASSWORD_POLICY.requireSymbols,
} as const satisfies PasswordPolicyType;

/** Cognito emails a code to confirm the address at sign-up (CDK's default for an email sign-in alias). */
const AUTO_VERIFIED_ATTRIBUTES = ['email'] as const;

const hasPoolPasswordPolicy = (policy: PasswordPolicyType | undefined): boolean =>
  Object.entries(POOL_PASSWORD_POLICY).every(([key, value]) => policy?.[key as keyof PasswordPolicyType] === value);

/**
 * As the cloud's pool (infra/cdk/constructs/auth.ts): an account that has activated an
 * authenticator app is asked for its code at every sign-in, one without signs in with the password.
 */
const POOL_MFA = 'OPTIONAL';

/** Reuses the pool and client recorded by an earlier start when they still exist. */
export async function ensureUserPool(
  client: CognitoIdentityProviderClient,
  known: Partial<CognitoIds>,
): Promise<CognitoIds> {
  if (known.userPoolId && known.userPoolClientId) {
    try {
      const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: known.userPoolId }));
      await client.send(
        new DescribeUserPoolClientCommand({ UserPoolId: known.userPoolId, ClientId: known.userPoolClientId }),
      );
      // A pool kept from before a policy change gets the current policy, as a deploy would give
      // it; one from before sign-up codes gets the email verified at sign-up.
      const verifiesEmail = UserPool?.AutoVerifiedAttributes?.includes('email') ?? false;
      const mfaAsInCloud = UserPool?.MfaConfiguration === POOL_MFA;
      if (!hasPoolPasswordPolicy(UserPool?.Policies?.PasswordPolicy) || !verifiesEmail || !mfaAsInCloud) {
        await client.send(
          new UpdateUserPoolCommand({
            UserPoolId: known.userPoolId,
            Policies: { PasswordPolicy: { ...UserPool?.Policies?.PasswordPolicy, ...POOL_PASSWORD_POLICY } },
            AutoVerifiedAttributes: [...AUTO_VERIFIED_ATTRIBUTES],
            MfaConfiguration: POOL_MFA,
          }),
        );
      }
      return { userPoolId: known.userPoolId, userPoolClientId: known.userPoolClientId };
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'linea-local',
      UsernameAttributes: ['email'],
      Schema: [
        { Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true },
        { Name: 'given_name', AttributeDataType: 'String', Required: true, Mutable: true },
        { Name: 'family_name', AttributeDataType: 'String', Required: true, Mutable: true },
      ],
      Policies: { PasswordPolicy: POOL_PASSWORD_POLICY },
      AutoVerifiedAttributes: [...AUTO_VERIFIED_ATTRIBUTES],
      MfaConfiguration: POOL_MFA,
    }),
  );
  const userPoolId = UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local created a user pool without an id');
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'linea-web',
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const userPoolClientId = UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('cognito-local created a client without an id');
  return { userPoolId, userPoolClientId };
}

/** Makes sure the admin group and the admin user exist, with the recorded password. */
export async function ensureAdmin(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  admin: { email: string; password: string },
): Promise<void> {
  // ListGroups rather than GetGroup: cognito-local's GetGroup fails with a 500 on a pool that has
  // no groups yet, and CreateGroup on an existing group would drop its members.
  const { Groups } = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  if (!Groups?.some((group) => group.GroupName === ADMIN_GROUP)) {
    await client.send(
      new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP, Description: 'Shop administrators' }),
    );
  }
  let username: string | undefined;
  try {
    username = (await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: admin.email }))).Username;
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  if (!username) {
    const { User } = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: admin.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: admin.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: 'LINEA' },
          { Name: 'family_name', Value: 'Admin' },
        ],
      }),
    );
    username = User?.Username;
    if (!username) throw new Error('cognito-local created the admin without a username');
  }
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: username,
      Password: admin.password,
      Permanent: true,
    }),
  );
  await client.send(
    new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: ADMIN_GROUP }),
  );
}
