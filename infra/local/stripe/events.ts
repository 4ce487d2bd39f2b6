/**
 * Events: made when a session completes, expires or settles its async payment, handed to webhook
 * delivery, and served as `GET /v1/events` and `GET /v1/events/:id`.
 */
import type Stripe from 'stripe';
import { API_VERSION, type ApiRequest, type ApiResult } from './api-route';
import type { StandInContext } from './context';
import { invalid, noSuch, oneOf } from './errors';
import { randomId } from './ids';
import { createdFilter, expandList, paginate } from './lists';
import { Params, words } from './params';
import { sessionView } from './session-view';
import { clone, type EventRecord, type SessionEvent, type SessionEventType, type SessionRecord } from './state';

/** The event as the API answers it: `pending_webhooks` is 0 once it was delivered. */
export const eventView = (record: EventRecord): SessionEvent => ({
  ...clone(record.event),
  pending_webhooks: record.state === 'delivered' ? 0 : 1,
});

/** Emits an event of a session: stored, then delivered once the current request has been answered. */
export type Emit = (type: SessionEventType, record: SessionRecord, request: Stripe.Event.Request | null) => void;

export function eventLog(standIn: StandInContext, scheduleDelivery: (record: EventRecord, delayMs: number) => void) {
  const { store, nowSeconds, log, touch } = standIn;
  const { events, eventsById } = store;

  const emit: Emit = (type, record, request) => {
    const event = {
      id: randomId('evt_', 24),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: { object: sessionView(record, standIn.baseUrl) },
      livemode: false,
      pending_webhooks: 1,
      request: request ?? { id: null, idempotency_key: null },
      type,
    } as SessionEvent;
    const eventRecord: EventRecord = {
      event,
      payload: JSON.stringify(event, null, 2),
      state: 'pending',
      attempts: [],
      nextAttemptAt: Date.now(),
    };
    events.push(eventRecord);
    eventsById.set(event.id, eventRecord);
    log(`${type} ${event.id} for ${record.session.id}`);
    touch();
    // After the current request has been answered, as Stripe does.
    scheduleDelivery(eventRecord, 0);
  };

  const getEvent = (request: ApiRequest, [id = '']: string[]): ApiResult => {
    expandList(new Params(request.params, '', ['expand']), []);
    const record = eventsById.get(id);
    if (!record) throw noSuch('event', id, 'id');
    return { status: 200, body: eventView(record) };
  };

  const listEvents = (request: ApiRequest): ApiResult => {
    const p = new Params(
      request.params,
      '',
      words('created delivery_success ending_before expand limit starting_after type types'),
    );
    expandList(p, []);
    const type = p.string('type');
    const types = p.stringList('types');
    if (type !== undefined && types !== undefined) throw oneOf(['type', 'types']);
    if (types && types.length > 20) throw invalid('Invalid types: at most 20 event types are allowed.', 'types');
    const patterns = (types ?? (type !== undefined ? [type] : [])).map(
      (pattern) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`),
    );
    const deliverySuccess = p.boolean('delivery_success');
    const created = createdFilter(p);
    const matching = [...events]
      .reverse()
      .filter(
        (record) =>
          (patterns.length === 0 || patterns.some((pattern) => pattern.test(record.event.type))) &&
          (deliverySuccess === undefined || (record.state === 'delivered') === deliverySuccess) &&
          created(record.event.created),
      )
      .map(eventView);
    return { status: 200, body: paginate(matching, p, '/v1/events', 'event') };
  };

  return { emit, getEvent, listEvents };
}
