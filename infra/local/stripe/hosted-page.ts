/**
 * The hosted payment page's HTTP side (`/c/pay/:id`, what `session.url` opens): GET shows the
 * session, POST is the customer's choice, checked as Checkout checks the form, and then the
 * redirect to `success_url` or `cancel_url`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http-server';
import type { StandInContext } from './context';
import { PAGE_ACTIONS, readCustomerForm, type PageAction } from './customer-form';
import { decodePathPart } from './ids';
import { renderMessagePage } from './message-page';
import { pageLanguage, type PageLanguage } from './page-texts';
import { renderPaymentPage, type PaymentPageModel } from './payment-page';
import type { SessionLifecycle } from './session-lifecycle';
import type { SessionRecord } from './state';

function sendHtml(res: ServerResponse, status: number, html: string, method: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(html)),
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
  });
  res.end(method === 'HEAD' ? undefined : html);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store', 'content-length': '0' });
  res.end();
}

export function hostedPage(
  standIn: StandInContext,
  options: { readonly lifecycle: SessionLifecycle; readonly flush: () => void },
) {
  const { store, log } = standIn;
  const { coupons, products, sessions } = store;
  const { lifecycle, flush } = options;
  const { sweepExpired } = lifecycle;

  const pageModel = (
    record: SessionRecord,
    language: PageLanguage,
    state: Pick<PaymentPageModel, 'values' | 'errors' | 'declined'>,
  ): PaymentPageModel => {
    const { session } = record;
    const coupon = record.couponId ? coupons.get(record.couponId) : undefined;
    const shipping = record.shippingRates[0];
    const discount = session.total_details?.amount_discount ?? 0;
    return {
      language,
      sessionId: session.id,
      currency: session.currency ?? 'chf',
      lineItems: record.lineItems.map((item) => ({
        name: item.description ?? '',
        description: products.get(String(item.price?.product ?? ''))?.description ?? null,
        quantity: item.quantity ?? 1,
        amount: item.amount_subtotal,
      })),
      subtotal: session.amount_subtotal ?? 0,
      discount: discount > 0 ? { label: coupon?.name ?? coupon?.id ?? null, amount: discount } : null,
      shipping: shipping ? { label: shipping.displayName, amount: shipping.amount } : null,
      total: session.amount_total ?? 0,
      fixedEmail: session.customer_email,
      countries: session.shipping_address_collection?.allowed_countries ?? [],
      canCancel: session.cancel_url !== null,
      ...state,
    };
  };

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const match = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
    const id = match?.[1] ? decodePathPart(match[1]) : '';
    sweepExpired();
    const record = sessions.get(id);
    const language = pageLanguage(record?.session.locale ?? null, req.headers['accept-language']);
    if (!record) return sendHtml(res, 404, renderMessagePage(language, 'not_found'), method);
    const { session } = record;
    const showState = (): void => {
      if (session.status === 'complete') {
        return sendHtml(
          res,
          200,
          renderMessagePage(
            language,
            'complete',
            session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null,
          ),
          method,
        );
      }
      return sendHtml(res, 200, renderMessagePage(language, 'expired', session.cancel_url), method);
    };
    if (method === 'GET' || method === 'HEAD') {
      if (session.status !== 'open') return showState();
      return sendHtml(
        res,
        200,
        renderPaymentPage(pageModel(record, language, { values: {}, errors: {}, declined: false })),
        method,
      );
    }
    if (method !== 'POST') {
      res.writeHead(405, { allow: 'GET, HEAD, POST', 'content-length': '0' });
      res.end();
      return;
    }
    let form: URLSearchParams;
    try {
      form = new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
    } catch {
      return sendHtml(res, 400, renderMessagePage(language, 'bad_request'), method);
    }
    sweepExpired();
    if (session.status !== 'open') return showState();
    const action = form.get('action') as PageAction | null;
    if (!action || !PAGE_ACTIONS.includes(action)) {
      return sendHtml(res, 400, renderMessagePage(language, 'bad_request'), method);
    }
    if (action === 'cancel') {
      // As on Stripe, leaving through the back link does not end the session.
      if (session.cancel_url) {
        log(`${session.id}: customer cancelled`);
        return redirect(res, session.cancel_url);
      }
      return sendHtml(res, 400, renderMessagePage(language, 'bad_request'), method);
    }
    const countries = session.shipping_address_collection?.allowed_countries ?? [];
    const read = readCustomerForm(form, { fixedEmail: session.customer_email, countries });
    if (!read.input) {
      return sendHtml(
        res,
        422,
        renderPaymentPage(pageModel(record, language, { values: read.values, errors: read.errors, declined: false })),
        method,
      );
    }
    if (action === 'decline') {
      log(`${session.id}: card declined`);
      return sendHtml(
        res,
        402,
        renderPaymentPage(pageModel(record, language, { values: read.values, errors: {}, declined: true })),
        method,
      );
    }
    lifecycle.complete(record, read.input, action);
    flush();
    log(`${session.id}: ${action} → ${session.status}/${session.payment_status}`);
    if (session.success_url) {
      return redirect(res, session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id));
    }
    return showState();
  };
}
