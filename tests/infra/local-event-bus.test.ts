/**
 * The local bus's dead-letter folder as a person meets it after a crash or a hand edit: a file
 * that is not a letter must not hide the others from `GET /dead-letters` or `npm run redrive`.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFunctionEnvironment } from '../../infra/local/environment';
import { startEventBus, type DeadLetter, type LocalEventBus, type RedriveReport } from '../../infra/local/event-bus';

let dir: string;
let bus: LocalEventBus;
const warnings: string[] = [];

const RULE = { name: 'Recorded', source: 'linea.test', detailType: 'Recorded', consumer: '' };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'linea-bus-'));
  const consumer = join(dir, 'consumer.mjs');
  writeFileSync(consumer, 'export const handler = async () => undefined;\n');
  // The consumer here is no function of the shop's, so it needs none of their environment.
  applyFunctionEnvironment({});
  bus = await startEventBus({
    port: 0,
    busName: 'linea-test',
    region: 'eu-central-2',
    account: '000000000000',
    rules: [{ ...RULE, consumer }],
    retryAttempts: 0,
    retryBaseMs: 10,
    maxEventAgeSeconds: 60,
    deadLetterDir: join(dir, 'dead-letters'),
    consumerTimeoutMs: 5_000,
    log: () => {},
    warn: (line) => warnings.push(line),
  });
});

afterAll(async () => {
  await bus.close();
  rmSync(dir, { recursive: true, force: true });
});

function letter(eventId: string): Omit<DeadLetter, 'file'> {
  return {
    rule: RULE.name,
    consumer: 'consumer.mjs',
    attempts: 3,
    failedAt: '2026-11-27T00:00:00.000Z',
    error: { name: 'Error', message: 'SES was down' },
    event: {
      version: '0',
      id: eventId,
      'detail-type': RULE.detailType,
      source: RULE.source,
      account: '000000000000',
      time: '2026-11-27T00:00:00Z',
      region: 'eu-central-2',
      resources: [],
      detail: {},
    },
  };
}

describe('the local dead-letter folder', () => {
  it('lists and redrives every letter though another file in the folder is cut short, which it keeps and names', async () => {
    const letters = join(dir, 'dead-letters');
    writeFileSync(join(letters, '2026-11-27T00-00-00-000Z-Recorded-aaaaaaaa.json'), JSON.stringify(letter('event-a')));
    const truncated = join(letters, '2026-11-27T00-00-01-000Z-Recorded-bbbbbbbb.json');
    writeFileSync(truncated, JSON.stringify(letter('event-b')).slice(0, 40));
    writeFileSync(join(letters, '2026-11-27T00-00-02-000Z-Recorded-cccccccc.json'), JSON.stringify(letter('event-c')));

    const listed = (await (await fetch(`${bus.url}/dead-letters`)).json()) as DeadLetter[];
    expect(listed.map((entry) => entry.event.id)).toEqual(['event-a', 'event-c']);

    const response = await fetch(`${bus.url}/redrive`, { method: 'POST' });
    expect(response.status).toBe(200);
    const report = (await response.json()) as RedriveReport;
    expect(report.delivered.map((entry) => entry.eventId)).toEqual(['event-a', 'event-c']);
    expect(report.failed).toEqual([
      expect.objectContaining({ file: truncated, error: expect.stringContaining('cannot read') }),
    ]);
    expect(readdirSync(letters)).toEqual([truncated.slice(letters.length + 1)]);
    expect(warnings.some((line) => line.includes(truncated))).toBe(true);
  });
});
