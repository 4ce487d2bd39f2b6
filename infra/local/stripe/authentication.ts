/** The API key check: `Authorization: Bearer <key>` (or Basic with the key as user), answered as Stripe answers. */
import type { IncomingMessage } from 'node:http';
import { StripeFailure } from './errors';

/** The key as Stripe's error shows it: its prefix and last four characters. */
function maskKey(key: string): string {
  const prefix = /^[a-z]+_(test|live)_/.exec(key)?.[0] ?? '';
  if (key.length <= prefix.length + 4) return `${prefix}****`;
  return `${prefix}${'*'.repeat(key.length - prefix.length - 4)}${key.slice(-4)}`;
}

export function authenticate(req: IncomingMessage, secretKey: string): void {
  const header = req.headers.authorization ?? '';
  let key: string | undefined;
  const bearer = /^Bearer\s+(.+)$/i.exec(header);
  const basic = /^Basic\s+(.+)$/i.exec(header);
  if (bearer) key = bearer[1]?.trim();
  else if (basic)
    key = Buffer.from(basic[1] ?? '', 'base64')
      .toString('utf8')
      .split(':')[0];
  if (!key) {
    throw new StripeFailure(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). " +
        'See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.',
      { headers: { 'www-authenticate': 'Basic realm="Stripe"' } },
    );
  }
  if (key !== secretKey) {
    throw new StripeFailure(401, 'invalid_request_error', `Invalid API Key provided: ${maskKey(key)}`, {
      code: 'api_key_invalid',
      headers: { 'www-authenticate': 'Basic realm="Stripe"' },
    });
  }
}
