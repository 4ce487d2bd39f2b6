/**
 * Webhook delivery: every event POSTed to the webhook URL, signed as Stripe signs
 * (`Stripe.webhooks.generateTestHeaderString`), retried with a doubling delay until the endpoint
 * answers 2xx or the attempts run out (then a warning names the event).
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import Stripe from 'stripe';
import type { EventRecord } from './state';

const WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookDeliveryOptions {
  readonly webhookUrl: URL;
  readonly webhookSecret: string;
  /** First retry delay; doubles each retry. */
  readonly retryBaseMs: number;
  readonly maxAttempts: number;
  readonly log: (line: string) => void;
  readonly warn: (line: string) => void;
  /** Marks the state changed (an attempt was recorded). */
  readonly touch: () => void;
  /** Called when an attempt has ended: the stand-in may be idle now. */
  readonly checkIdle: () => void;
}

export interface WebhookDelivery {
  /** Attempts the event's delivery after `delayMs` (again, if it was waiting already). */
  schedule(record: EventRecord, delayMs: number): void;
  /** Deliveries being attempted right now. */
  inFlight(): number;
  /** No timer fires and no attempt starts any more. */
  stop(): void;
  /** Lets the attempts in flight finish for up to `graceMs`, then cuts them off (the next start delivers them). */
  drain(graceMs: number): Promise<void>;
}

function post(webhookUrl: URL, body: string, signature: string, signal: AbortSignal): Promise<number> {
  return new Promise((resolvePost, rejectPost) => {
    const send = webhookUrl.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      webhookUrl,
      {
        method: 'POST',
        agent: false,
        signal,
        timeout: WEBHOOK_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          accept: '*/*; q=0.5, application/xml',
          'cache-control': 'no-cache',
          'stripe-signature': signature,
        },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolvePost(res.statusCode ?? 0));
        res.once('error', rejectPost);
      },
    );
    req.once('timeout', () => req.destroy(new Error(`no response within ${WEBHOOK_TIMEOUT_MS} ms`)));
    req.once('error', rejectPost);
    req.end(body);
  });
}

export function webhookDelivery(options: WebhookDeliveryOptions): WebhookDelivery {
  const { webhookUrl, retryBaseMs, maxAttempts, log, touch, checkIdle } = options;
  const inFlight = new Map<string, AbortController>();
  const deliveryTimers = new Map<string, NodeJS.Timeout>();
  let closing = false;

  const scheduleDelivery = (record: EventRecord, delayMs: number): void => {
    if (closing) return;
    const id = record.event.id;
    clearTimeout(deliveryTimers.get(id));
    deliveryTimers.set(
      id,
      setTimeout(
        () => {
          deliveryTimers.delete(id);
          void attemptDelivery(record);
        },
        Math.max(0, delayMs),
      ),
    );
  };

  const attemptDelivery = async (record: EventRecord): Promise<void> => {
    const { id, type } = record.event;
    if (closing || record.state !== 'pending' || inFlight.has(id)) return;
    const controller = new AbortController();
    inFlight.set(id, controller);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: record.payload,
      secret: options.webhookSecret,
    });
    const startedAt = Date.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      status = await post(webhookUrl, record.payload, signature, controller.signal);
    } catch (err) {
      error = (err as Error).message;
    } finally {
      inFlight.delete(id);
    }
    if (controller.signal.aborted) {
      // Cut off by close(): not an attempt; the next start delivers it.
      checkIdle();
      return;
    }
    record.attempts.push({ at: new Date(startedAt).toISOString(), status, error, durationMs: Date.now() - startedAt });
    const attempts = record.attempts.length;
    const outcome = status === null ? error : `HTTP ${status}`;
    if (status !== null && status >= 200 && status < 300) {
      record.state = 'delivered';
      record.nextAttemptAt = null;
      log(`${type} ${id} delivered (${outcome}, attempt ${attempts})`);
    } else if (attempts >= maxAttempts) {
      record.state = 'failed';
      record.nextAttemptAt = null;
      options.warn(
        `[stripe] WEBHOOK FAILED: ${type} ${id} could not be delivered to ${webhookUrl.href} after ${attempts} attempt(s); ` +
          `last answer: ${outcome}. See GET /_stand-in/deliveries; GET /v1/events/${id} returns the event for a manual re-delivery.`,
      );
    } else {
      const delay = retryBaseMs * 2 ** (attempts - 1);
      record.nextAttemptAt = Date.now() + delay;
      log(`${type} ${id} not delivered (${outcome}); attempt ${attempts + 1}/${maxAttempts} in ${delay} ms`);
      scheduleDelivery(record, delay);
    }
    touch();
    checkIdle();
  };

  return {
    schedule: scheduleDelivery,
    inFlight: () => inFlight.size,
    stop: () => {
      closing = true;
      for (const timer of deliveryTimers.values()) clearTimeout(timer);
      deliveryTimers.clear();
    },
    drain: async (graceMs) => {
      const deadline = Date.now() + graceMs;
      while (inFlight.size > 0 && Date.now() < deadline) {
        await new Promise((resolveWait) => setTimeout(resolveWait, 20));
      }
      for (const controller of inFlight.values()) controller.abort();
    },
  };
}
