import { createServer, type Server, type Socket } from 'node:net';
import { PutEventsCommand, EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServiceUnavailable } from '../http';
import { CLIENT_TIME_BUDGETS, clientOptions, worstCaseMs } from './time-budget';

/** A service that takes the connection and the request, and never answers. */
let silent: Server;
const sockets = new Set<Socket>();
let endpoint: string;

beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('an SDK client within its time budget', () => {
  it('gives up on a service that never answers with a TimeoutError the HTTP edge answers as 503', async () => {
    const budget = { maxAttempts: 2, connectionTimeoutMs: 200, requestTimeoutMs: 300 };
    const client = new EventBridgeClient({
      region: 'eu-central-2',
      endpoint,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      ...clientOptions(budget),
    });
    const error = await client
      .send(new PutEventsCommand({ Entries: [{ Source: 'test', DetailType: 'test', Detail: '{}' }] }))
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(error).toMatchObject({ name: 'TimeoutError' });
    expect(isServiceUnavailable(error)).toBe(true);
  });
});

/**
 * The shortest timeout of a function that calls each service (infra/cdk/constructs: 10 s for a
 * route by default, 5 s for the Pre Token Generation trigger, 30 s for a consumer). The work
 * around the call needs room too, so a budget may use at most three quarters of it.
 */
const SHORTEST_CALLER_TIMEOUT_MS: Record<keyof typeof CLIENT_TIME_BUDGETS, number> = {
  dynamodb: 10_000,
  eventbridge: 10_000,
  secretsManager: 10_000,
  cognito: 5_000,
  ses: 10_000,
  s3: 10_000,
  cloudfront: 30_000,
};

describe('the time budgets', () => {
  it.each(Object.entries(CLIENT_TIME_BUDGETS))('%s gives up well within its callers’ timeout', (service, budget) => {
    const limit = SHORTEST_CALLER_TIMEOUT_MS[service as keyof typeof CLIENT_TIME_BUDGETS];
    expect(worstCaseMs(budget)).toBeLessThanOrEqual(limit * 0.75);
  });
});
