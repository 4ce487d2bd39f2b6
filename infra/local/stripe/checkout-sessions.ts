/** Checkout Sessions once created: fetched, listed, their line items paged, expired on request. */
import type { ApiRequest, ApiResult } from './api-route';
import type { StandInContext } from './context';
import { noSuch, StripeFailure } from './errors';
import { createdFilter, expandList, paginate } from './lists';
import { Params, words } from './params';
import type { SessionLifecycle } from './session-lifecycle';
import { lineItemList, sessionView } from './session-view';
import type { SessionRecord } from './state';

export function checkoutSessionApi(standIn: StandInContext, lifecycle: Pick<SessionLifecycle, 'expire'>) {
  const { sessions } = standIn.store;
  const sessionOr404 = (id: string): SessionRecord => {
    const record = sessions.get(id);
    if (!record) throw noSuch('checkout.session', id, 'session');
    return record;
  };

  const getSession = (request: ApiRequest, [id = '']: string[]): ApiResult => {
    const expand = expandList(new Params(request.params, '', ['expand']), ['line_items']);
    return { status: 200, body: sessionView(sessionOr404(id), standIn.baseUrl, expand.has('line_items')) };
  };

  const listSessions = (request: ApiRequest): ApiResult => {
    const p = new Params(
      request.params,
      '',
      words(
        'created customer customer_account customer_details ending_before expand limit ' +
          'payment_intent payment_link starting_after status subscription',
      ),
    );
    const expand = expandList(p, ['data.line_items']);
    const status = p.enumValue('status', ['complete', 'expired', 'open'] as const);
    const paymentIntent = p.string('payment_intent');
    const email = p.object('customer_details', ['email'])?.string('email', { required: true });
    const created = createdFilter(p);
    const unmatched = ['customer', 'customer_account', 'payment_link', 'subscription'].some((key) => p.has(key));
    const matching = [...sessions.values()]
      .reverse()
      .filter(
        ({ session }) =>
          !unmatched &&
          (status === undefined || session.status === status) &&
          (paymentIntent === undefined || session.payment_intent === paymentIntent) &&
          (email === undefined || session.customer_details?.email === email) &&
          created(session.created),
      )
      .map((record) => sessionView(record, standIn.baseUrl, expand.has('data.line_items')));
    return { status: 200, body: paginate(matching, p, '/v1/checkout/sessions', 'checkout.session') };
  };

  const listSessionLineItems = (request: ApiRequest, [id = '']: string[]): ApiResult => {
    const p = new Params(request.params, '', ['ending_before', 'expand', 'limit', 'starting_after']);
    expandList(p, []);
    const record = sessionOr404(id);
    const page = paginate(record.lineItems, p, `/v1/checkout/sessions/${id}/line_items`, 'item');
    return { status: 200, body: lineItemList(record, page.data, page.has_more) };
  };

  const expireSession = (request: ApiRequest, [id = '']: string[]): ApiResult => {
    const expand = expandList(new Params(request.params, '', ['expand']), ['line_items']);
    const record = sessionOr404(id);
    if (record.session.status !== 'open') {
      throw new StripeFailure(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${record.session.status}\`.`,
        { store: true },
      );
    }
    lifecycle.expire(record, { id: request.requestId, idempotency_key: request.idempotencyKey });
    return { status: 200, body: sessionView(record, standIn.baseUrl, expand.has('line_items')) };
  };

  return { getSession, listSessions, listSessionLineItems, expireSession };
}
