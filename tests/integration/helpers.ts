/**
 * What integration tests need to talk to the local cloud the way the web app and AWS do:
 * the public HTTP API, Cognito sign-up/sign-in, the SES mailbox, the bus and the table.
 * Every identifier a test creates goes through `unique()`, so tests never share data.
 */
import { randomUUID } from 'node:crypto';
import {
  AdminConfirmSignUpCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EventBridgeClient, PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { decodeJwt } from 'jose';
import { serverDictionaries } from '@linea/shared/i18n/server';
import { inject } from 'vitest';
import type { DeadLetter, LocalCloudEndpoints } from '../../infra/local/cloud';

let ownCloud: LocalCloudEndpoints | undefined;

/**
 * For a test file that starts a local cloud of its own, in its worker, because it takes
 * stand-ins down (which would break the other files on the shared one): from now on every
 * helper talks to that cloud.
 */
export function useOwnCloud(cloud: LocalCloudEndpoints): void {
  ownCloud = cloud;
}

export function endpoints(): LocalCloudEndpoints {
  return ownCloud ?? inject('localCloud');
}

const RUN_ID = randomUUID().slice(0, 8);
let counter = 0;

/** A name no other test (or earlier run against a persistent cloud) has used. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${RUN_ID}-${counter}`;
}

export function uniqueEmail(prefix = 'shopper'): string {
  return `${unique(prefix)}@example.com`;
}

export interface ApiResponse<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON when the response is JSON, else the text. */
  readonly body: T;
}

/** fetch against the local API gateway; a plain-object `json` is sent as a JSON body. */
export async function api<T = Record<string, unknown>>(
  path: string,
  init: RequestInit & { json?: unknown; token?: string } = {},
): Promise<ApiResponse<T>> {
  const { json, token, headers, ...rest } = init;
  const response = await fetch(`${endpoints().apiUrl}${path}`, {
    ...rest,
    headers: {
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(headers as Record<string, string> | undefined),
    },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return { status: response.status, headers: response.headers, body: (isJson && text ? JSON.parse(text) : text) as T };
}

let cognitoClient: CognitoIdentityProviderClient | undefined;

function cognito(): CognitoIdentityProviderClient {
  const e = endpoints();
  cognitoClient ??= new CognitoIdentityProviderClient({
    endpoint: e.cognitoEndpoint,
    region: e.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return cognitoClient;
}

export interface Shopper {
  readonly email: string;
  readonly password: string;
  readonly sub: string;
  readonly idToken: string;
}

/** Signs in with USER_PASSWORD_AUTH (what the web app uses locally) and returns the ID token. */
export async function signIn(email: string, password: string): Promise<string> {
  const { AuthenticationResult } = await cognito().send(
    new InitiateAuthCommand({
      ClientId: endpoints().userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (!AuthenticationResult?.IdToken) throw new Error(`No ID token for ${email}`);
  return AuthenticationResult.IdToken;
}

/**
 * Marks a signed-up account confirmed with a verified email, as typing the emailed code does
 * (AdminConfirmSignUp alone leaves the email unverified, and a password reset needs it verified).
 */
export async function confirmAccount(email: string): Promise<void> {
  const UserPoolId = endpoints().userPoolId;
  await cognito().send(new AdminConfirmSignUpCommand({ UserPoolId, Username: email }));
  await cognito().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId,
      Username: email,
      // cognito-local wants the address itself beside its verification flag.
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

/**
 * Signs up a new shopper, confirms the account as its owner would with the emailed code, and
 * signs them in. `extraAttributes` are sent at sign-up as they are, as an attacker calling
 * Cognito's API directly could. The sign-up's code email stays in the mailbox (`waitForEmail`
 * passes over it).
 */
export async function signUp(
  names: { givenName?: string; familyName?: string } = {},
  extraAttributes: { Name: string; Value: string }[] = [],
): Promise<Shopper> {
  const email = uniqueEmail();
  const password = `Pw-${randomUUID()}-Aa1`;
  await cognito().send(
    new SignUpCommand({
      ClientId: endpoints().userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: names.givenName ?? 'Anna' },
        { Name: 'family_name', Value: names.familyName ?? 'Muster' },
        ...extraAttributes,
      ],
    }),
  );
  await confirmAccount(email);
  const idToken = await signIn(email, password);
  return { email, password, idToken, sub: String(decodeJwt(idToken).sub) };
}

export async function signInAsAdmin(): Promise<string> {
  const e = endpoints();
  return signIn(e.adminEmail, e.adminPassword);
}

export interface Email {
  readonly messageId: string;
  readonly from: string;
  readonly destination: { readonly to: string[] };
  readonly subject: string;
  readonly body: { readonly html?: string; readonly text?: string };
}

/** Every message the SES emulator holds now. */
export async function storedEmails(): Promise<Email[]> {
  return ((await (await fetch(`${endpoints().mailboxUrl}/store`)).json()) as { emails: Email[] }).emails;
}

/** Polls the SES emulator until a message matching `accept` arrives. */
export async function waitForEmailWhere(
  accept: (email: Email) => boolean,
  description: string,
  timeoutMs = 10_000,
): Promise<Email> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const store = (await (await fetch(`${endpoints().mailboxUrl}/store`)).json()) as { emails: Email[] };
    const found = store.emails.find(accept);
    if (found) return found;
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 100));
  }
  throw new Error(`No email ${description} within ${timeoutMs} ms`);
}

/** The subjects of the codes Cognito sends (sign-up, reset, verification, invitation), in every language. */
const ACCOUNT_CODE_SUBJECTS: ReadonlySet<string> = new Set(
  Object.values(serverDictionaries).flatMap(({ email: { accountCode: t } }) => [
    t.signUpSubject,
    t.resetSubject,
    t.verifySubject,
    t.invitationSubject,
  ]),
);

export function isAccountCodeEmail(email: Pick<Email, 'subject'>): boolean {
  return ACCOUNT_CODE_SUBJECTS.has(email.subject);
}

/**
 * Polls the SES emulator until a message to `to` arrives, passing over the account codes
 * Cognito sends (every `signUp()` leaves one): tests of the shop's own emails wait for those.
 */
export function waitForEmail(to: string, timeoutMs = 10_000): Promise<Email> {
  return waitForEmailWhere(
    (email) => email.destination.to.includes(to) && !isAccountCodeEmail(email),
    `to ${to}`,
    timeoutMs,
  );
}

export async function deadLetters(): Promise<DeadLetter[]> {
  return (await (await fetch(`${endpoints().eventBusUrl}/dead-letters`)).json()) as DeadLetter[];
}

export async function waitForDeadLetter(eventId: string, timeoutMs = 15_000): Promise<DeadLetter> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await deadLetters()).find((letter) => letter.event.id === eventId);
    if (found) return found;
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 100));
  }
  throw new Error(`Event ${eventId} was not dead-lettered within ${timeoutMs} ms`);
}

/** Waits until the bus has no delivery running or waiting for a retry. */
export async function waitForBusIdle(timeoutMs = 15_000): Promise<boolean> {
  const response = await fetch(`${endpoints().eventBusUrl}/idle?timeoutMs=${timeoutMs}`);
  return ((await response.json()) as { idle: boolean }).idle;
}

/** The real EventBridge SDK client, pointed at the local bus. */
export async function putEvents(entries: PutEventsRequestEntry[]) {
  const e = endpoints();
  const client = new EventBridgeClient({
    endpoint: e.eventBusUrl,
    region: e.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    return await client.send(
      new PutEventsCommand({ Entries: entries.map((entry) => ({ EventBusName: e.eventBusName, ...entry })) }),
    );
  } finally {
    client.destroy();
  }
}

/** A document client on DynamoDB Local, for arranging data through the repositories. */
export function documentClient(): DynamoDBDocumentClient {
  const e = endpoints();
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: e.dynamodbEndpoint,
      region: e.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
}

/** The real Stripe SDK, pointed at the Stripe stand-in: tests act as Stripe (or as its dashboard) with it. */
export async function stripeClient() {
  const { default: Stripe } = await import('stripe');
  const url = new URL(endpoints().stripeApiUrl);
  return new Stripe(endpoints().stripeSecretKey, { host: url.hostname, port: url.port, protocol: 'http' });
}

/** Waits until the Stripe stand-in has delivered every webhook and settled every "Pay later". */
export async function waitForStripeIdle(timeoutMs = 20_000): Promise<boolean> {
  const response = await fetch(`${endpoints().stripeApiUrl}/_stand-in/idle?timeoutMs=${timeoutMs}`);
  return ((await response.json()) as { idle: boolean }).idle;
}

/**
 * Posts the hosted payment page's form as a browser would, and returns where it redirects. The
 * shop's sessions ask for no address (the shopper gave it at checkout): the name for the card and
 * the button.
 */
export async function payOnHostedPage(
  url: string,
  action: 'pay' | 'pay_later' | 'pay_later_fail' | 'decline' | 'cancel',
): Promise<{ status: number; location: string | null; html: string }> {
  const form = new URLSearchParams({ action, name: 'Anna Muster' });
  const response = await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

/** The subjects of the newsletter's confirmation email (double opt-in), in every language. */
export const NEWSLETTER_CONFIRMATION_SUBJECTS: ReadonlySet<string> = new Set(
  Object.values(serverDictionaries).map(({ email }) => email.newsletterConfirmation.subject),
);

/** A link to one of the shop's newsletter pages (`/newsletter/confirm`, `/unsubscribe`) in an email's text, as its parts. */
export function newsletterLink(email: Email, page: '/newsletter/confirm' | '/unsubscribe') {
  const match = new RegExp(`(\\S+${page.replaceAll('/', '\\/')}\\?\\S+)`).exec(email.body.text ?? '');
  if (!match) throw new Error(`No ${page} link in the email to ${email.destination.to.join(', ')}`);
  const url = new URL(match[1]!);
  return {
    url,
    email: url.searchParams.get('email') ?? '',
    token: url.searchParams.get('token') ?? '',
    lang: url.searchParams.get('lang'),
  };
}

/** The confirmation link in a sign-up's confirmation email, as its parts. */
export const newsletterConfirmLink = (email: Email) => newsletterLink(email, '/newsletter/confirm');

export const pause = (ms: number) => new Promise((resolveDelay) => setTimeout(resolveDelay, ms));

/**
 * A request to a throttled public route, sent again while it answers 429: the token bucket is
 * the route's, shared with every other file of the run (the fuzz's too).
 */
export async function admitted<T extends { readonly status: number }>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await send();
    if (response.status !== 429 || attempt >= 40) return response;
    await pause(250);
  }
}

/** Waits for the newest confirmation email to `to` (a sign-up's), passing over every other email. */
export function waitForConfirmationEmail(to: string, timeoutMs = 10_000): Promise<Email> {
  return waitForEmailWhere(
    (email) => email.destination.to.includes(to) && NEWSLETTER_CONFIRMATION_SUBJECTS.has(email.subject),
    `confirming the newsletter for ${to}`,
    timeoutMs,
  );
}
