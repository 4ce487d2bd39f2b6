/**
 * The local EventBridge bus. It speaks `AWSEvents.PutEvents` (JSON 1.1) to the real SDK client,
 * matches entries against the rule table (functions/rules.ts), and delivers EventBridge-shaped
 * events to each consumer's `handler` after the PutEvents call has been answered, as
 * EventBridge does. A failed delivery is retried with exponential backoff and, when the
 * retries are spent, written to the dead-letter folder and announced on the console: nothing is
 * dropped silently.
 *
 * Other local services hand it their asynchronous invocations too (`invokeAsync`: the SES
 * feedback's SNS deliveries to the functions/topics.ts consumers), so those retry, dead-letter
 * and redrive the same way.
 *
 * Extra endpoints for tests and people: `GET /dead-letters`, `POST /redrive` (what `npm run
 * redrive` calls), `GET /idle?timeoutMs=`, `GET /health`.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { EventBridgeEvent, SNSEvent } from 'aws-lambda';
import { deadLetterEmfLine } from '../../functions/lib/metric-names';
import { writeFileAtomically } from './atomic-file';
import { invoke } from './handlers';
import { idleWaiter } from './idle';
import { BodyTooLargeError, listen, readBody, sendJson, type RunningServer } from './http-server';

/** A consumer the bus delivers to: a rule's, or a topic subscriber's (functions/topics.ts). */
export interface BusTarget {
  readonly name: string;
  /** Module under functions/ (as in rules.ts) or an absolute path to a test fixture. */
  readonly consumer: string;
}

/** A rule as the bus needs it; functions/rules.ts entries fit, and tests may add their own. */
export interface BusRule extends BusTarget {
  readonly source: string;
  /** One detail-type, or several that the same consumer handles. */
  readonly detailType: string | readonly string[];
  /** `default`: a rule on the account's default bus, where AWS services (the S3 stand-in) report. */
  readonly bus?: 'default';
  /** Only S3 objects whose key starts with this. */
  readonly mediaKeyPrefix?: string;
}

/** An event an AWS service publishes on the default bus (S3's "Object Created"). */
export interface AwsServiceEvent {
  readonly source: string;
  readonly detailType: string;
  readonly resources: readonly string[];
  readonly detail: Record<string, unknown>;
}

export interface EventBusOptions {
  readonly port: number;
  readonly busName: string;
  readonly region: string;
  readonly account: string;
  readonly rules: readonly BusRule[];
  /** Consumers that other local services invoke through `invokeAsync` (functions/topics.ts). @default none */
  readonly targets?: readonly BusTarget[];
  /** Retries after the first failed delivery (RULE_RETRY_ATTEMPTS in the cloud). */
  readonly retryAttempts: number;
  /** First retry delay; each further retry waits twice as long. */
  readonly retryBaseMs: number;
  readonly maxEventAgeSeconds: number;
  readonly deadLetterDir: string;
  readonly consumerTimeoutMs: number;
  readonly log: (line: string) => void;
  readonly warn: (line: string) => void;
}

/** What a consumer was invoked with: an EventBridge event, or an SNS event for a topic subscriber. */
export type DeliveredEvent = EventBridgeEvent<string, unknown> | SNSEvent;

/** An id and a type to name a delivery by in logs, reports and dead-letter file names. */
export interface DeliveryLabel {
  readonly id: string;
  readonly type: string;
}

/**
 * A delivery that failed for good. `E`: what callers that look only at rules' letters may
 * take the event to be; the bus itself lists every letter as `DeadLetter<DeliveredEvent>`.
 */
export interface DeadLetter<E extends DeliveredEvent = EventBridgeEvent<string, unknown>> {
  /** The rule's name, or the topic subscriber's. */
  readonly rule: string;
  readonly consumer: string;
  readonly attempts: number;
  /** When the first attempt started: with `failedAt`, the time the retries' backoff took. */
  readonly firstAttemptAt?: string;
  readonly failedAt: string;
  readonly error: { readonly name: string; readonly message: string; readonly stack?: string };
  readonly event: E;
  readonly file: string;
}

/** A file in the dead-letter folder that holds no readable letter. */
export interface UnreadableDeadLetter {
  readonly file: string;
  readonly error: string;
}

/**
 * What one redrive did: letters delivered (and removed), and letters that failed again or could
 * not be read (kept).
 */
export interface RedriveReport {
  readonly delivered: ReadonlyArray<{ readonly eventId: string; readonly rule: string }>;
  readonly failed: ReadonlyArray<{
    readonly eventId: string;
    readonly rule: string;
    readonly error: string;
    readonly file: string;
  }>;
}

export interface LocalEventBus extends RunningServer {
  /** Adds rules to a running bus (a second user of a shared local cloud may bring its own). */
  addRules(rules: readonly BusRule[]): void;
  /** Resolves true once no delivery is running or waiting for a retry, false on timeout. */
  whenIdle(timeoutMs?: number): Promise<boolean>;
  pending(): number;
  deadLetters(): Array<DeadLetter<DeliveredEvent>>;
  /** Delivers every dead letter once more to its rule's consumer; see `redrive` below. */
  redrive(): Promise<RedriveReport>;
  /** Takes an event as EventBridge takes one from an AWS service, on the default bus. */
  publishAwsEvent(event: AwsServiceEvent): void;
  /**
   * Invokes a target of `targets` as Lambda invokes asynchronously for SNS: after this returns,
   * retried with the bus's backoff, then dead-lettered (and redriven) as a rule's delivery is.
   */
  invokeAsync(target: string, event: SNSEvent): void;
}

interface PutEventsEntry {
  Source?: unknown;
  DetailType?: unknown;
  Detail?: unknown;
  EventBusName?: unknown;
  Resources?: unknown;
  Time?: unknown;
}

type EntryResult = { EventId: string } | { ErrorCode: string; ErrorMessage: string };

const MAX_ENTRIES = 10;
const MAX_REQUEST_BYTES = 256 * 1024;
const JSON_11 = 'application/x-amz-json-1.1';
const CLOSE_GRACE_MS = 2_000;

class AwsError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** How a delivery is named in logs, reports and file names. */
export function labelOf(event: DeliveredEvent): DeliveryLabel {
  if ('Records' in event) {
    const sns = event.Records[0]?.Sns;
    return { id: sns?.MessageId ?? 'unknown', type: `SNS ${sns?.TopicArn.split(':').pop() ?? 'notification'}` };
  }
  return { id: event.id, type: event['detail-type'] };
}

/** EventBridge writes times without milliseconds. */
function eventTime(raw: unknown): string {
  const date = typeof raw === 'number' ? new Date(raw * 1000) : typeof raw === 'string' ? new Date(raw) : new Date();
  return (Number.isNaN(date.getTime()) ? new Date() : date).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function busNameOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  // Callers may name the bus or give its ARN (arn:aws:events:region:account:event-bus/name).
  return value.includes(':event-bus/') ? value.slice(value.lastIndexOf('/') + 1) : value;
}

export async function startEventBus(options: EventBusOptions): Promise<LocalEventBus> {
  mkdirSync(options.deadLetterDir, { recursive: true });
  const rules = [...options.rules];
  const targets = [...(options.targets ?? [])];
  interface Delivery {
    readonly rule: BusTarget;
    readonly event: DeliveredEvent;
    /** The event's age counts from when the bus took it, not from its (caller-set) time. */
    readonly receivedAt: number;
    attempts: number;
    firstAttemptAt?: string;
    lastError?: unknown;
    retryTimer?: NodeJS.Timeout;
  }
  const deliveries = new Set<Delivery>();
  const idle = idleWaiter(() => deliveries.size === 0);
  const settle = (delivery: Delivery): void => {
    deliveries.delete(delivery);
    idle.check();
  };

  const deadLetter = (delivery: Delivery, err: unknown): void => {
    const { rule, event, attempts } = delivery;
    const label = labelOf(event);
    const error = err instanceof Error ? err : new Error(String(err));
    const failedAt = new Date().toISOString();
    const file = join(
      options.deadLetterDir,
      `${failedAt.replace(/[:.]/g, '-')}-${rule.name}-${label.id.replace(/[^\w-]/g, '').slice(0, 8)}.json`,
    );
    const record: Omit<DeadLetter<DeliveredEvent>, 'file'> = {
      rule: rule.name,
      consumer: rule.consumer,
      attempts,
      ...(delivery.firstAttemptAt ? { firstAttemptAt: delivery.firstAttemptAt } : {}),
      failedAt,
      error: { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) },
      event,
    };
    writeFileAtomically(file, `${JSON.stringify(record, null, 2)}\n`);
    // The count CloudWatch would get from the rule's dead-letter queue in the cloud.
    options.log(deadLetterEmfLine('local', rule.name));
    options.warn(
      `[bus] DEAD-LETTERED ${label.type} ${label.id} for ${rule.name} after ${attempts} attempt(s): ` +
        `${error.message} (see ${file})`,
    );
  };

  const attempt = (delivery: Delivery): void => {
    const { rule, event } = delivery;
    const label = labelOf(event);
    delivery.retryTimer = undefined;
    delivery.attempts += 1;
    delivery.firstAttemptAt ??= new Date().toISOString();
    invoke(rule.consumer, event, options.consumerTimeoutMs).then(
      () => {
        options.log(`[bus] ${label.type} ${label.id} delivered to ${rule.name}`);
        settle(delivery);
      },
      (err: unknown) => {
        if (!deliveries.has(delivery)) return; // dead-lettered by close() meanwhile
        delivery.lastError = err;
        const retriesDone = delivery.attempts - 1;
        const ageSeconds = (Date.now() - delivery.receivedAt) / 1000;
        if (retriesDone < options.retryAttempts && ageSeconds < options.maxEventAgeSeconds) {
          const delay = options.retryBaseMs * 2 ** retriesDone;
          options.log(
            `[bus] ${rule.name} failed on ${label.id} (${(err as Error).message}); ` +
              `retry ${retriesDone + 1}/${options.retryAttempts} in ${delay} ms`,
          );
          delivery.retryTimer = setTimeout(() => attempt(delivery), delay);
        } else {
          try {
            deadLetter(delivery, err);
          } finally {
            settle(delivery);
          }
        }
      },
    );
  };

  const matches = (rule: BusRule, event: EventBridgeEvent<string, unknown>, bus: 'shop' | 'default'): boolean => {
    if ((rule.bus ?? 'shop') !== bus || rule.source !== event.source) return false;
    if (![rule.detailType].flat().includes(event['detail-type'])) return false;
    if (rule.mediaKeyPrefix === undefined) return true;
    const key = (event.detail as { object?: { key?: unknown } }).object?.key;
    return typeof key === 'string' && key.startsWith(rule.mediaKeyPrefix);
  };

  const deliver = (rule: BusTarget, event: DeliveredEvent): void => {
    const delivery: Delivery = { rule, event, receivedAt: Date.now(), attempts: 0 };
    deliveries.add(delivery);
    // After the response: PutEvents (or the send that caused the event) never waits for consumers.
    setImmediate(() => attempt(delivery));
  };

  const route = (event: EventBridgeEvent<string, unknown>, bus: 'shop' | 'default'): void => {
    for (const rule of rules) if (matches(rule, event, bus)) deliver(rule, event);
  };

  const putEvents = (body: unknown): { FailedEntryCount: number; Entries: EntryResult[] } => {
    const entries = (body as { Entries?: unknown } | null)?.Entries;
    if (!Array.isArray(entries) || entries.length < 1 || entries.length > MAX_ENTRIES) {
      throw new AwsError('ValidationException', `Entries must contain between 1 and ${MAX_ENTRIES} items`);
    }
    const results = entries.map((raw: PutEventsEntry): EntryResult => {
      const bus = busNameOf(raw.EventBusName) ?? 'default';
      if (bus !== options.busName) {
        return { ErrorCode: 'ResourceNotFoundException', ErrorMessage: `Event bus ${bus} does not exist.` };
      }
      for (const field of ['Source', 'DetailType', 'Detail'] as const) {
        if (typeof raw[field] !== 'string' || raw[field] === '') {
          return {
            ErrorCode: 'InvalidArgument',
            ErrorMessage: `Parameter ${field} is not valid. Reason: ${field} is a required argument.`,
          };
        }
      }
      let detail: unknown;
      try {
        detail = JSON.parse(raw.Detail as string);
      } catch {
        detail = undefined;
      }
      if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) {
        return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
      }
      const event: EventBridgeEvent<string, unknown> = {
        version: '0',
        id: randomUUID(),
        'detail-type': raw.DetailType as string,
        source: raw.Source as string,
        account: options.account,
        time: eventTime(raw.Time),
        region: options.region,
        resources: Array.isArray(raw.Resources) ? raw.Resources.map(String) : [],
        detail,
      };
      route(event, 'shop');
      return { EventId: event.id };
    });
    return { FailedEntryCount: results.filter((result) => 'ErrorCode' in result).length, Entries: results };
  };

  /**
   * Every letter in the folder, and the files that are not one (edited by hand, cut short by an
   * older launcher): those are named, kept and skipped, so one bad file hides no other letter.
   */
  const scanDeadLetters = (): {
    letters: Array<DeadLetter<DeliveredEvent>>;
    unreadable: UnreadableDeadLetter[];
  } => {
    const letters: Array<DeadLetter<DeliveredEvent>> = [];
    const unreadable: UnreadableDeadLetter[] = [];
    for (const name of readdirSync(options.deadLetterDir)
      .filter((entry) => entry.endsWith('.json'))
      .sort()) {
      const file = join(options.deadLetterDir, name);
      try {
        const record = JSON.parse(readFileSync(file, 'utf8')) as Partial<
          Omit<DeadLetter<DeliveredEvent>, 'file'>
        > | null;
        if (typeof record?.rule !== 'string' || typeof record.event !== 'object' || record.event === null) {
          throw new Error('not a dead letter: it names no rule or holds no event');
        }
        letters.push({ ...(record as Omit<DeadLetter<DeliveredEvent>, 'file'>), file });
      } catch (err) {
        unreadable.push({ file, error: err instanceof Error ? err.message : String(err) });
      }
    }
    for (const { file, error } of unreadable) options.warn(`[bus] cannot read dead letter ${file}: ${error} (kept)`);
    return { letters, unreadable };
  };
  const readDeadLetters = (): Array<DeadLetter<DeliveredEvent>> => scanDeadLetters().letters;

  const whenIdle = idle.whenIdle;

  /**
   * One attempt per letter, one letter at a time, in the order they failed: the person running
   * the redrive has fixed the cause and wants an answer now, not another round of backoff. A
   * letter is removed only once its consumer succeeded; one that fails again stays, with its
   * new error, for the next redrive. The event keeps its id, which the consumers' idempotency
   * (e.g. the order email's sent-marker) relies on to do nothing twice.
   */
  let redriving: Promise<RedriveReport> | undefined;
  const redriveOnce = async (): Promise<RedriveReport> => {
    const delivered: Array<RedriveReport['delivered'][number]> = [];
    const { letters, unreadable } = scanDeadLetters();
    const failed: Array<RedriveReport['failed'][number]> = unreadable.map(({ file, error }) => ({
      eventId: '(unreadable)',
      rule: '(unreadable)',
      error: `cannot read the letter: ${error}; fix or remove the file`,
      file,
    }));
    for (const letter of letters) {
      const { file, ...record } = letter;
      const label = labelOf(letter.event);
      const rule = [...rules, ...targets].find((candidate) => candidate.name === letter.rule);
      try {
        if (!rule) throw new Error(`No rule ${letter.rule} on this bus any more`);
        await invoke(rule.consumer, letter.event, options.consumerTimeoutMs);
        rmSync(file, { force: true });
        delivered.push({ eventId: label.id, rule: letter.rule });
        options.log(`[bus] redrove ${label.type} ${label.id} to ${letter.rule}`);
      } catch (err) {
        const error = err instanceof Error ? err : new Error(String(err));
        const updated: Omit<DeadLetter<DeliveredEvent>, 'file'> = {
          ...record,
          attempts: record.attempts + 1,
          failedAt: new Date().toISOString(),
          error: { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) },
        };
        writeFileAtomically(file, `${JSON.stringify(updated, null, 2)}\n`);
        failed.push({ eventId: label.id, rule: letter.rule, error: error.message, file });
        options.warn(`[bus] redrive of ${label.id} to ${letter.rule} failed again: ${error.message} (kept ${file})`);
      }
    }
    return { delivered, failed };
  };
  // Two redrives at once would deliver the same letters twice; the second waits for the first.
  const redrive = async (): Promise<RedriveReport> => {
    while (redriving) await redriving.catch(() => undefined);
    redriving = redriveOnce();
    try {
      return await redriving;
    } finally {
      redriving = undefined;
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://local');
    const requestId = randomUUID();
    if (req.method === 'GET' && url.pathname === '/health') return sendJson(res, 200, { ok: true });
    if (req.method === 'GET' && url.pathname === '/dead-letters') return sendJson(res, 200, readDeadLetters());
    if (req.method === 'POST' && url.pathname === '/redrive') return sendJson(res, 200, await redrive());
    if (req.method === 'GET' && url.pathname === '/idle') {
      const idle = await whenIdle(Number(url.searchParams.get('timeoutMs') ?? 30_000));
      return sendJson(res, 200, { idle, pending: deliveries.size });
    }
    const fail = (err: AwsError): void =>
      sendJson(
        res,
        err.status,
        { __type: err.type, message: err.message },
        {
          'content-type': JSON_11,
          'x-amzn-requestid': requestId,
          'x-amzn-errortype': err.type,
        },
      );
    const target = String(req.headers['x-amz-target'] ?? '');
    if (req.method !== 'POST' || target !== 'AWSEvents.PutEvents') {
      return fail(
        new AwsError(
          'UnknownOperationException',
          `The local bus implements only PutEvents, not ${target || `${req.method} ${url.pathname}`}`,
        ),
      );
    }
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req, MAX_REQUEST_BYTES)).toString('utf8'));
    } catch (err) {
      return fail(
        err instanceof BodyTooLargeError
          ? new AwsError('ValidationException', 'Total size of the entries in the request is over the limit.')
          : new AwsError('SerializationException', 'Request body is not valid JSON'),
      );
    }
    try {
      sendJson(res, 200, putEvents(body), { 'content-type': JSON_11, 'x-amzn-requestid': requestId });
    } catch (err) {
      if (err instanceof AwsError) return fail(err);
      throw err;
    }
  };

  const server = await listen('bus', options.port, handle);
  return {
    ...server,
    addRules: (more) => {
      for (const rule of more) if (!rules.some((known) => known.name === rule.name)) rules.push(rule);
    },
    whenIdle,
    pending: () => deliveries.size,
    deadLetters: readDeadLetters,
    redrive,
    invokeAsync: (name, event) => {
      const target = targets.find((candidate) => candidate.name === name);
      if (!target) throw new Error(`No target ${name} on this bus`);
      deliver(target, event);
    },
    publishAwsEvent: (published) =>
      route(
        {
          version: '0',
          id: randomUUID(),
          'detail-type': published.detailType,
          source: published.source,
          account: options.account,
          time: eventTime(undefined),
          region: options.region,
          resources: [...published.resources],
          detail: published.detail,
        },
        'default',
      ),
    /**
     * Gives running deliveries a moment, then dead-letters whatever is still waiting, so that
     * stopping the launcher loses no event without a trace.
     */
    close: async () => {
      await server.close();
      await whenIdle(CLOSE_GRACE_MS);
      for (const delivery of [...deliveries]) {
        clearTimeout(delivery.retryTimer);
        const reason = new Error(
          `The local cloud stopped before delivery succeeded${delivery.lastError ? ` (last error: ${(delivery.lastError as Error).message})` : ''}`,
        );
        deadLetter(delivery, reason);
        settle(delivery);
      }
    },
  };
}
