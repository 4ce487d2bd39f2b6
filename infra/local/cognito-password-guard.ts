/**
 * cognito-local 5.3.0 stores a pool's `Policies.PasswordPolicy` but never checks a password
 * against it: its SignUp saves "abc" as readily as anything else. Cognito checks every password
 * it is asked to set against the pool's policy and refuses with InvalidPasswordException. This
 * guard sits on the stand-in's public port, in front of cognito-local, and does what Cognito
 * does for the calls that set a password: it reads the pool's own policy (what CreateUserPool
 * or UpdateUserPool stored, so the pool stays the single source as in the cloud) and answers
 * a refusal with Cognito's error type and message before the call reaches cognito-local.
 * Every other request, and every password that passes, goes through untouched, except
 * GetTokensFromRefreshToken, which cognito-local lacks and which is answered as the equivalent
 * InitiateAuth (REFRESH_TOKEN_AUTH).
 *
 * It also refuses, as Cognito does, user attributes outside the pool's schema on the calls that
 * write them: cognito-local would store a sign-up's `sub` or `cognito:groups` and put them in
 * the user's tokens, making the caller someone else or an admin.
 *
 * And it treats the email as Cognito does where the codes are concerned (`accountCodes` below):
 * ConfirmSignUp with the emailed code marks the email verified; ForgotPassword sends a code only
 * to a verified email; ResendConfirmationCode, which cognito-local lacks, sends a new sign-up code.
 */
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  DescribeUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  type PasswordPolicyType,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  hasEdgeWhitespace,
  unmetPasswordRules,
  type PasswordPolicy,
  type PasswordRule,
} from '@linea/shared/domain/password-policy';
import { isWritableAttribute, VERIFICATION_ATTRIBUTES } from './cognito-schema';
import { listen, readBody, type RunningServer } from './http-server';

/** Cognito's own wording, after "Password did not conform with policy: ". */
const COGNITO_RULE_MESSAGES: Record<PasswordRule, string> = {
  minLength: 'Password not long enough',
  lowercase: 'Password must have lowercase characters',
  uppercase: 'Password must have uppercase characters',
  digit: 'Password must have numeric characters',
  symbol: 'Password must have symbol characters',
};

/** Where a call carries the password it sets, and how to find the pool whose policy applies. */
interface PasswordToCheck {
  readonly password: unknown;
  /** The parameter's name in Cognito's validation messages. */
  readonly parameter: string;
  readonly pool: { readonly userPoolId: unknown } | { readonly clientId: unknown } | { readonly accessToken: unknown };
}

type Body = Record<string, unknown>;

/** The Cognito calls that set a password (cognito-local's subset of them). */
const PASSWORD_CALLS: Readonly<Record<string, (body: Body) => PasswordToCheck | undefined>> = {
  SignUp: (body) => ({ password: body.Password, parameter: 'password', pool: { clientId: body.ClientId } }),
  ConfirmForgotPassword: (body) => ({
    password: body.Password,
    parameter: 'password',
    pool: { clientId: body.ClientId },
  }),
  ChangePassword: (body) => ({
    password: body.ProposedPassword,
    parameter: 'proposedPassword',
    pool: { accessToken: body.AccessToken },
  }),
  RespondToAuthChallenge: (body) =>
    body.ChallengeName === 'NEW_PASSWORD_REQUIRED'
      ? {
          password: (body.ChallengeResponses as Body | undefined)?.NEW_PASSWORD,
          parameter: 'challengeResponses',
          pool: { clientId: body.ClientId },
        }
      : undefined,
  AdminSetUserPassword: (body) => ({
    password: body.Password,
    parameter: 'password',
    pool: { userPoolId: body.UserPoolId },
  }),
  AdminCreateUser: (body) =>
    body.TemporaryPassword === undefined
      ? undefined
      : { password: body.TemporaryPassword, parameter: 'temporaryPassword', pool: { userPoolId: body.UserPoolId } },
};

export interface CognitoRefusal {
  readonly type: 'InvalidPasswordException' | 'InvalidParameterException' | 'NotAuthorizedException';
  readonly message: string;
}

/** The Cognito calls that write user attributes (cognito-local's subset of them). */
const ATTRIBUTE_CALLS = new Set(['SignUp', 'AdminCreateUser', 'UpdateUserAttributes', 'AdminUpdateUserAttributes']);

/** What Cognito answers when a call writes an attribute the pool's schema does not allow a client to. */
export function cognitoAttributeRefusal(attributes: unknown, by: 'client' | 'admin'): CognitoRefusal | undefined {
  if (!Array.isArray(attributes)) return undefined;
  for (const attribute of attributes as { Name?: unknown }[]) {
    const name = attribute?.Name;
    if (typeof name !== 'string' || isWritableAttribute(name, by)) continue;
    return name === 'sub' || name.startsWith('cognito:') || VERIFICATION_ATTRIBUTES.has(name)
      ? { type: 'NotAuthorizedException', message: 'A client attempted to write unauthorized attribute' }
      : {
          type: 'InvalidParameterException',
          message: `Attributes did not conform to the schema: Type for attribute {${name}} could not be determined`,
        };
  }
  return undefined;
}

/** Cognito's policy in the shared module's terms; absent fields are off, as in Cognito. */
export function fromCognitoPolicy(policy: PasswordPolicyType): PasswordPolicy {
  return {
    minLength: policy.MinimumLength ?? 8,
    requireLowercase: policy.RequireLowercase ?? false,
    requireUppercase: policy.RequireUppercase ?? false,
    requireDigits: policy.RequireNumbers ?? false,
    requireSymbols: policy.RequireSymbols ?? false,
  };
}

/**
 * What Cognito answers when `password` is set under `policy`, or undefined when it takes it:
 * leading or trailing whitespace fails the API's pattern first, then the first unmet rule of
 * the policy names the refusal.
 */
export function cognitoPasswordRefusal(
  password: string,
  policy: PasswordPolicy,
  parameter = 'password',
): CognitoRefusal | undefined {
  if (hasEdgeWhitespace(password)) {
    return {
      type: 'InvalidParameterException',
      message: `1 validation error detected: Value at '${parameter}' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$`,
    };
  }
  const [rule] = unmetPasswordRules(password, policy);
  if (!rule) return undefined;
  return {
    type: 'InvalidPasswordException',
    message: `Password did not conform with policy: ${COGNITO_RULE_MESSAGES[rule]}`,
  };
}

function poolIdFromAccessToken(token: unknown): string | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      iss?: unknown;
    };
    return typeof payload.iss === 'string' ? payload.iss.split('/').pop() : undefined;
  } catch {
    return undefined;
  }
}

/** Reads pools and clients from cognito-local through Cognito's own API. */
function createPolicyReader(upstream: string) {
  const client = new CognitoIdentityProviderClient({
    endpoint: upstream,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  // A client never moves to another pool; the pool's policy is read afresh on every call.
  const poolOfClient = new Map<string, string>();

  async function poolIdOfClient(clientId: string): Promise<string | undefined> {
    const known = poolOfClient.get(clientId);
    if (known) return known;
    let nextToken: string | undefined;
    do {
      const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60, NextToken: nextToken }));
      for (const pool of pools.UserPools ?? []) {
        if (!pool.Id) continue;
        const { UserPoolClients } = await client.send(new ListUserPoolClientsCommand({ UserPoolId: pool.Id }));
        for (const appClient of UserPoolClients ?? []) {
          if (appClient.ClientId) poolOfClient.set(appClient.ClientId, pool.Id);
        }
      }
      nextToken = pools.NextToken;
    } while (nextToken && !poolOfClient.has(clientId));
    return poolOfClient.get(clientId);
  }

  return {
    client,
    poolIdOfClient,
    async policyFor(pool: PasswordToCheck['pool']): Promise<PasswordPolicy | undefined> {
      let poolId: string | undefined;
      if ('userPoolId' in pool) poolId = typeof pool.userPoolId === 'string' ? pool.userPoolId : undefined;
      else if ('clientId' in pool)
        poolId = typeof pool.clientId === 'string' ? await poolIdOfClient(pool.clientId) : undefined;
      else poolId = poolIdFromAccessToken(pool.accessToken);
      if (!poolId) return undefined;
      const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: poolId }));
      const policy = UserPool?.Policies?.PasswordPolicy;
      return policy ? fromCognitoPolicy(policy) : undefined;
    },
    destroy: () => client.destroy(),
  };
}

/** Calls where cognito-local says InvalidPasswordException for a wrong password and Cognito says NotAuthorizedException. */
const WRONG_PASSWORD_CALLS = new Set(['InitiateAuth', 'AdminInitiateAuth', 'ChangePassword']);
const COGNITO_LOCAL_WRONG_PASSWORD = { __type: 'InvalidPasswordException', message: 'Invalid password' };
const COGNITO_WRONG_PASSWORD = { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' };

/**
 * Sends the answer on, with one correction: a wrong password is cognito-local's
 * InvalidPasswordException (which Cognito keeps for a new password its policy refuses) and
 * Cognito's NotAuthorizedException, which is what the app must learn to tell the two apart.
 */
function answerAsCognito(target: string | undefined, answer: IncomingMessage, res: ServerResponse): void {
  if (answer.statusCode !== 400 || !target || !WRONG_PASSWORD_CALLS.has(target)) {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
    return;
  }
  const chunks: Buffer[] = [];
  answer.on('data', (chunk: Buffer) => chunks.push(chunk));
  answer.on('end', () => {
    let payload = Buffer.concat(chunks);
    const headers = { ...answer.headers };
    try {
      const error = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
      if (
        error.__type === COGNITO_LOCAL_WRONG_PASSWORD.__type &&
        error.message === COGNITO_LOCAL_WRONG_PASSWORD.message
      ) {
        payload = Buffer.from(JSON.stringify(COGNITO_WRONG_PASSWORD));
        headers['x-amzn-errortype'] = COGNITO_WRONG_PASSWORD.__type;
        headers['content-length'] = String(payload.byteLength);
      }
    } catch {
      // Not JSON: passed on as it came.
    }
    res.writeHead(400, headers);
    res.end(payload);
  });
}

function forward(upstream: URL, req: IncomingMessage, res: ServerResponse, body?: Buffer): void {
  const target = targetOf(req);
  const proxied = request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => answerAsCognito(target, answer, res),
  );
  proxied.on('error', (err) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`cognito-local did not answer: ${err.message}`);
  });
  if (body) proxied.end(body);
  else req.pipe(proxied);
}

/** The Cognito call a request makes (`AWSCognitoIdentityProviderService.SignUp` → `SignUp`). */
function targetOf(req: IncomingMessage): string | undefined {
  const header = req.headers['x-amz-target'];
  return req.method === 'POST' && typeof header === 'string' ? header.split('.')[1] : undefined;
}

/**
 * Listens on `port` (loopback) and passes everything to cognito-local at `upstream`, refusing
 * the passwords Cognito would refuse on the way.
 */
/**
 * GetTokensFromRefreshToken, which Amplify uses to refresh a session (on expiry, or forced after
 * the customer changed their name), is newer than cognito-local; it is the same exchange as
 * InitiateAuth with REFRESH_TOKEN_AUTH, whose answer has the same AuthenticationResult.
 */
async function refreshTokens(upstream: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let asked: Body;
  try {
    asked = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8')) as Body;
  } catch {
    asked = {};
  }
  const body = Buffer.from(
    JSON.stringify({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: asked.ClientId,
      AuthParameters: { REFRESH_TOKEN: asked.RefreshToken },
      ...(asked.ClientMetadata ? { ClientMetadata: asked.ClientMetadata } : {}),
    }),
  );
  req.headers['x-amz-target'] = 'AWSCognitoIdentityProviderService.InitiateAuth';
  req.headers['content-length'] = String(body.byteLength);
  forward(upstream, req, res, body);
}

/**
 * The client metadata key with which the guard marks a ResendConfirmationCode it answers as
 * ForgotPassword; `cognito-resend-code.ts`, in front of the CustomEmailSender trigger, turns such
 * an event back into `CustomEmailSender_ResendCode`. A caller's own use of the key is dropped.
 */
export const RESEND_MARKER = 'linea-local:resendCode';

/** The calls whose handling of the email the guard makes Cognito's. */
const ACCOUNT_CODE_CALLS = new Set(['ConfirmSignUp', 'ForgotPassword', 'ResendConfirmationCode']);

interface UpstreamAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly payload: Buffer;
}

/** Sends `body` to cognito-local as call `target` with the caller's headers, and reads the whole answer. */
function callUpstream(upstream: URL, req: IncomingMessage, target: string, body: Body): Promise<UpstreamAnswer> {
  const payload = Buffer.from(JSON.stringify(body));
  const headers = {
    ...req.headers,
    'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    'content-length': String(payload.byteLength),
  };
  return new Promise((resolveAnswer, reject) => {
    const proxied = request(
      { host: upstream.hostname, port: upstream.port, method: 'POST', path: req.url, headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolveAnswer({ status: answer.statusCode ?? 502, headers: answer.headers, payload: Buffer.concat(chunks) }),
        );
        answer.on('error', reject);
      },
    );
    proxied.on('error', reject);
    proxied.end(payload);
  });
}

function sendAnswer(res: ServerResponse, answer: UpstreamAnswer): void {
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.payload.byteLength) });
  res.end(answer.payload);
}

function refuse(res: ServerResponse, refusal: { type: string; message: string }): void {
  const payload = JSON.stringify({ __type: refusal.type, message: refusal.message });
  res.writeHead(400, {
    'content-type': 'application/x-amz-json-1.1',
    'content-length': String(Buffer.byteLength(payload)),
    'x-amzn-errortype': refusal.type,
    // cognito-local answers every origin; the browser must be able to read the refusal.
    'access-control-allow-origin': '*',
  });
  res.end(payload);
}

/** What Cognito answers a ForgotPassword for an account whose email was never verified. */
export const UNVERIFIED_RESET_REFUSAL = {
  type: 'InvalidParameterException',
  message: 'Cannot reset password for the user as there is no registered/verified email or phone_number',
} as const;

type PolicyReader = ReturnType<typeof createPolicyReader>;

/** The account's status and attributes, or undefined when there is no such user (or pool). */
async function findUser(policies: PolicyReader, clientId: unknown, username: unknown) {
  if (typeof clientId !== 'string' || typeof username !== 'string') return undefined;
  const userPoolId = await policies.poolIdOfClient(clientId).catch(() => undefined);
  if (!userPoolId) return undefined;
  try {
    const user = await policies.client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    const attributes = Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name, a.Value]));
    return { userPoolId, username: user.Username ?? username, status: user.UserStatus, attributes };
  } catch {
    return undefined;
  }
}

/**
 * ConfirmSignUp, ForgotPassword and ResendConfirmationCode as Cognito answers them:
 * - a sign-up confirmed with the emailed code has a verified email (cognito-local only confirms);
 * - a reset code goes only to a verified email (cognito-local sends one to any address), so a
 *   password reset proves the same mailbox the sign-up did;
 * - a new sign-up code for an unconfirmed account: cognito-local has no ResendConfirmationCode,
 *   but its ForgotPassword stores a fresh code where ConfirmSignUp checks it, so the call is
 *   made as a marked ForgotPassword (see RESEND_MARKER).
 */
async function accountCodes(
  target: string,
  policies: PolicyReader,
  upstream: URL,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let body: Body;
  try {
    body = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8')) as Body;
  } catch {
    body = {};
  }
  const { [RESEND_MARKER]: _ignored, ...metadata } = (body.ClientMetadata ?? {}) as Record<string, string>;
  body = { ...body, ClientMetadata: metadata };
  if (target === 'ConfirmSignUp') {
    const answer = await callUpstream(upstream, req, target, body);
    if (answer.status === 200) {
      const user = await findUser(policies, body.ClientId, body.Username);
      const email = user?.attributes.email;
      if (user && email) {
        await policies.client.send(
          new AdminUpdateUserAttributesCommand({
            UserPoolId: user.userPoolId,
            Username: user.username,
            // cognito-local wants the address itself beside its verification flag.
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
            ],
          }),
        );
      }
    }
    sendAnswer(res, answer);
    return;
  }
  const user = await findUser(policies, body.ClientId, body.Username);
  if (target === 'ForgotPassword') {
    // An unknown user: cognito-local's own answer (UserNotFoundException).
    if (user && user.attributes.email_verified !== 'true') {
      refuse(res, UNVERIFIED_RESET_REFUSAL);
      return;
    }
    sendAnswer(res, await callUpstream(upstream, req, target, body));
    return;
  }
  // ResendConfirmationCode
  if (!user) {
    refuse(res, { type: 'UserNotFoundException', message: 'User does not exist.' });
    return;
  }
  if (user.status !== 'UNCONFIRMED') {
    refuse(res, { type: 'InvalidParameterException', message: 'User is already confirmed.' });
    return;
  }
  sendAnswer(
    res,
    await callUpstream(upstream, req, 'ForgotPassword', {
      ...body,
      ClientMetadata: { ...metadata, [RESEND_MARKER]: '1' },
    }),
  );
}

export async function startCognitoPasswordGuard(options: { port: number; upstream: string }): Promise<RunningServer> {
  const upstream = new URL(options.upstream);
  const policies = createPolicyReader(options.upstream);
  const server = await listen('cognito-password-guard', options.port, async (req, res) => {
    const target = targetOf(req);
    if (target === 'GetTokensFromRefreshToken') {
      await refreshTokens(upstream, req, res);
      return;
    }
    if (target && ACCOUNT_CODE_CALLS.has(target)) {
      await accountCodes(target, policies, upstream, req, res);
      return;
    }
    const locate = target ? PASSWORD_CALLS[target] : undefined;
    const writesAttributes = target !== undefined && ATTRIBUTE_CALLS.has(target);
    if (!locate && !writesAttributes) {
      forward(upstream, req, res);
      return;
    }
    const raw = await readBody(req, 1024 * 1024);
    let body: Body | undefined;
    try {
      body = JSON.parse(raw.toString('utf8')) as Body;
    } catch {
      body = undefined; // not JSON: cognito-local answers it as it would
    }
    const toCheck = body && locate ? locate(body) : undefined;
    const policy =
      toCheck && typeof toCheck.password === 'string'
        ? await policies.policyFor(toCheck.pool).catch(() => undefined) // unknown pool: cognito-local says so
        : undefined;
    const refusal =
      (body && writesAttributes
        ? cognitoAttributeRefusal(body.UserAttributes, target.startsWith('Admin') ? 'admin' : 'client')
        : undefined) ??
      (toCheck && policy ? cognitoPasswordRefusal(toCheck.password as string, policy, toCheck.parameter) : undefined);
    if (!refusal) {
      forward(upstream, req, res, raw);
      return;
    }
    const payload = JSON.stringify({ __type: refusal.type, message: refusal.message });
    res.writeHead(400, {
      'content-type': 'application/x-amz-json-1.1',
      'content-length': String(Buffer.byteLength(payload)),
      'x-amzn-errortype': refusal.type,
      // cognito-local answers every origin; the browser must be able to read the refusal.
      'access-control-allow-origin': '*',
    });
    res.end(payload);
  });
  return {
    ...server,
    close: async () => {
      policies.destroy();
      await server.close();
    },
  };
}
