/**
 * cognito-local (the npm package, run as `node <pkg>/lib/bin/start.js`) with our user pool, web
 * client, `admin` group and admin user. Its triggers call the local Lambda invoke API, so
 * sign-up runs functions/triggers/pre-sign-up.ts exactly as Cognito runs it in the cloud.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
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
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '../../functions/lib/auth';
import { cognitoTriggers } from '../../functions/triggers';
import { childEnvironment } from './child-env';
import type { FunctionRegistry } from './lambda-invoke';
import { packageDir } from './paths';
import type { ManagedChild, ProcessGroup } from './processes';
import { httpOk, waitFor } from './wait';

const STANDARD_CLAIMS_SHIM = 'PreTokenGeneration';

/**
 * The functions cognito-local may invoke: every trigger of functions/triggers.ts under its
 * Cognito name, plus the standard-claims shim when no real PreTokenGeneration exists.
 */
export function triggerRegistry(): FunctionRegistry {
  const registry: Record<string, string> = { ...cognitoTriggers };
  if (!(STANDARD_CLAIMS_SHIM in registry)) {
    registry[STANDARD_CLAIMS_SHIM] = fileURLToPath(new URL('./cognito-standard-claims.ts', import.meta.url));
  }
  return registry;
}

export interface CognitoLocal {
  readonly endpoint: string;
  readonly child: ManagedChild;
}

export async function startCognitoLocal(
  group: ProcessGroup,
  options: { port: number; dataDir: string; lambdaEndpoint: string; registry: FunctionRegistry },
): Promise<CognitoLocal> {
  const endpoint = `http://127.0.0.1:${options.port}`;
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
    env: childEnvironment({ PORT: String(options.port), HOST: '127.0.0.1' }),
  });
  await waitFor('cognito-local', child, () => httpOk(`${endpoint}/health`));
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

/** Reuses the pool and client recorded by an earlier start when they still exist. */
export async function ensureUserPool(
  client: CognitoIdentityProviderClient,
  known: Partial<CognitoIds>,
): Promise<CognitoIds> {
  if (known.userPoolId && known.userPoolClientId) {
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: known.userPoolId }));
      await client.send(
        new DescribeUserPoolClientCommand({ UserPoolId: known.userPoolId, ClientId: known.userPoolClientId }),
      );
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
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: false,
        },
      },
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
