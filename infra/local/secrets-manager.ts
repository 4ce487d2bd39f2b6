/**
 * The local Secrets Manager: answers `secretsmanager.GetSecretValue` (JSON 1.1) from the real
 * SDK client, for the secrets the launcher puts in (the Stripe stand-in's keys). The functions
 * read their secrets exactly as in the cloud; only the endpoint differs.
 */
import { randomUUID } from 'node:crypto';
import { listen, readBody, sendJson, type RunningServer } from './http-server';

const JSON_11 = 'application/x-amz-json-1.1';

export interface SecretsManagerOptions {
  readonly port: number;
  readonly region: string;
  readonly account: string;
  /** Secret name -> its string value. */
  readonly secrets: Readonly<Record<string, string>>;
  readonly log: (line: string) => void;
}

export function secretArn(region: string, account: string, name: string): string {
  return `arn:aws:secretsmanager:${region}:${account}:secret:${name}`;
}

export function startSecretsManager(options: SecretsManagerOptions): Promise<RunningServer> {
  const byId = new Map<string, { name: string; value: string }>();
  for (const [name, value] of Object.entries(options.secrets)) {
    const entry = { name, value };
    byId.set(name, entry);
    byId.set(secretArn(options.region, options.account, name), entry);
  }
  const created = Date.now() / 1000;

  return listen('secrets', options.port, async (req, res) => {
    const requestId = randomUUID();
    const fail = (status: number, type: string, message: string): void =>
      sendJson(res, status, { __type: type, message }, { 'content-type': JSON_11, 'x-amzn-requestid': requestId });
    const target = String(req.headers['x-amz-target'] ?? '');
    if (req.method !== 'POST' || target !== 'secretsmanager.GetSecretValue') {
      fail(400, 'UnknownOperationException', `The local Secrets Manager implements only GetSecretValue, not ${target}`);
      return;
    }
    let input: { SecretId?: unknown };
    try {
      input = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8')) as { SecretId?: unknown };
    } catch {
      fail(400, 'SerializationException', 'Request body is not JSON');
      return;
    }
    const entry = typeof input.SecretId === 'string' ? byId.get(input.SecretId) : undefined;
    if (!entry) {
      fail(400, 'ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
      return;
    }
    options.log(`[secrets] GetSecretValue ${entry.name}`);
    sendJson(
      res,
      200,
      {
        ARN: secretArn(options.region, options.account, entry.name),
        Name: entry.name,
        VersionId: 'local',
        SecretString: entry.value,
        VersionStages: ['AWSCURRENT'],
        CreatedDate: created,
      },
      { 'content-type': JSON_11, 'x-amzn-requestid': requestId },
    );
  });
}
