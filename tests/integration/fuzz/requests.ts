/**
 * What the API fuzz sends: for one route of the table, fast-check arbitraries of whole HTTP
 * requests. Most are hostile (wrong types, huge and ill-formed text, prototype keys, duplicated
 * keys, wrong content types, forged tokens); some start from a valid body and bend one or two
 * fields, so that the fuzz gets past the first check and reaches the handlers' own logic; and
 * some are valid, so that accepted requests (and the events they publish) are part of the run.
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { DEFAULT_MAX_BODY_BYTES, type RouteDefinition } from '../../../functions/routes';
import { serialize, stringLeaves, toTree, type JsonTree } from './json-text';

/** The tokens a request may carry: real ones of the fuzz's own accounts, and every kind of bad one. */
export interface FuzzTokens {
  readonly customer: string;
  readonly admin: string;
  /** Signed with the pool's key but refused for a reason of their own (expired, wrong audience, ...). */
  readonly refused: Readonly<Record<string, string>>;
  /** The customer's token with its payload made admin, its signature kept: a forgery. */
  readonly forgedAdmin: string;
  /** `alg: none`, an admin's claims and no signature. */
  readonly algNone: string;
}

export interface FuzzContext {
  readonly tokens: FuzzTokens;
  /** Values of path parameters that name things the fuzz created itself, per parameter name and route. */
  readonly knownPathValues: (route: RouteDefinition, parameter: string) => readonly string[];
  /** A body the route accepts, if the fuzz may send one (see the test for why some routes have none). */
  readonly validBody: (route: RouteDefinition) => Record<string, unknown> | undefined;
  readonly stripeWebhookSecret: string;
  /**
   * The CloudFront-Viewer-Address the fuzz's requests carry: the chat's per-guest window is
   * counted by it, so the fuzz's guests get a window of their own and leave other tests' alone.
   */
  readonly viewerAddress: string;
}

export interface FuzzRequest {
  readonly method: string;
  /** Path and query as sent, percent-encoded. */
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer | undefined;
  /** What a handler could store from this request: path values, query values, body strings. */
  readonly sentText: readonly string[];
  /** One line on how the request was built, for the failure message. */
  readonly recipe: string;
}

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'] as const;

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\t\n\r',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x7fffffff',
  '9007199254740993',
  'true',
  '[]',
  '{}',
  '../../etc/passwd',
  '%2e%2e%2f',
  '%00',
  '\ud800',
  '\udfff',
  '\ud83d',
  'e\u0301',
  '\u202e\u0644\u0627',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🙈',
  'ß'.repeat(40),
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '${7*7}{{7*7}}',
  'PRODUCT#x',
  'CUSTOMER#x',
  'cs_',
  'cs_test_does_not_exist',
  'a@b',
  'anna@example.com',
  ...PROTOTYPE_KEYS,
];

/** Text of every kind: printable, any code point (lone surrogates too), well-known trouble, huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 70_000 }).map((length) => 'x'.repeat(length)) },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-0, -1, 0, 1, 0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 53), 1e308, 5e-324, 10_000_001, 5 * 1024 * 1024 + 1),
);

const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: hostileString.filter((key) => key.length < 300) },
);

const hostileScalar: fc.Arbitrary<JsonTree> = fc.oneof(
  hostileString.map((value) => ({ kind: 'scalar', value }) as const),
  hostileNumber.map((value) => ({ kind: 'scalar', value }) as const),
  fc.boolean().map((value) => ({ kind: 'scalar', value }) as const),
  fc.constant({ kind: 'scalar', value: null } as const),
);

/** Any JSON, keys possibly repeated or prototype names. */
export const hostileJson: fc.Arbitrary<JsonTree> = fc.letrec<{ tree: JsonTree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileScalar,
    fc.array(tie('tree'), { maxLength: 4 }).map((items) => ({ kind: 'array', items }) as const),
    fc
      .array(fc.tuple(hostileKey, tie('tree')), { maxLength: 4 })
      .map((entries) => ({ kind: 'object', entries }) as const),
  ),
})).tree;

type Mutation = (tree: JsonTree) => fc.Arbitrary<{ tree: JsonTree; note: string }>;

function objectEntries(tree: JsonTree): readonly (readonly [string, JsonTree])[] {
  return tree.kind === 'object' ? tree.entries : [];
}

/** One field of a valid body bent: its value replaced, removed, repeated, or a field added. */
const mutations: readonly Mutation[] = [
  (tree) => {
    const entries = objectEntries(tree);
    if (!entries.length) return fc.constant({ tree, note: 'unchanged' });
    return fc.tuple(fc.nat(entries.length - 1), hostileJson).map(([index, value]) => ({
      tree: {
        kind: 'object',
        entries: entries.map((entry, i) => (i === index ? ([entry[0], value] as const) : entry)),
      },
      note: `${entries[index]?.[0]} replaced`,
    }));
  },
  (tree) => {
    const entries = objectEntries(tree);
    if (!entries.length) return fc.constant({ tree, note: 'unchanged' });
    return fc.nat(entries.length - 1).map((index) => ({
      tree: { kind: 'object', entries: entries.filter((_, i) => i !== index) },
      note: `${entries[index]?.[0]} removed`,
    }));
  },
  (tree) =>
    fc.tuple(hostileKey, hostileJson).map(([key, value]) => ({
      tree: { kind: 'object', entries: [...objectEntries(tree), [key, value] as const] },
      note: `${JSON.stringify(key.slice(0, 20))} added`,
    })),
  (tree) => {
    const entries = objectEntries(tree);
    if (!entries.length) return fc.constant({ tree, note: 'unchanged' });
    // The same key twice: JSON.parse keeps the last, some parsers the first; either way no 5xx.
    return fc.tuple(fc.nat(entries.length - 1), hostileJson, fc.boolean()).map(([index, value, before]) => {
      const [key, original] = entries[index] ?? ['', value];
      const pair = before
        ? [[key, value] as const, [key, original] as const]
        : [[key, original] as const, [key, value] as const];
      return {
        tree: { kind: 'object', entries: [...entries.filter((_, i) => i !== index), ...pair] },
        note: `${key} duplicated`,
      };
    });
  },
  (tree) => {
    const entries = objectEntries(tree);
    if (!entries.length) return fc.constant({ tree, note: 'unchanged' });
    // An array where an object belongs, or an object where a scalar does.
    return fc.nat(entries.length - 1).map((index) => ({
      tree: {
        kind: 'object',
        entries: entries.map((entry, i) =>
          i === index
            ? ([
                entry[0],
                entry[1].kind === 'object'
                  ? { kind: 'array', items: [entry[1]] }
                  : { kind: 'object', entries: [['value', entry[1]]] },
              ] as const)
            : entry,
        ),
      },
      note: `${entries[index]?.[0]} re-shaped`,
    }));
  },
  (tree) => fc.constant({ tree: { kind: 'array', items: [tree] }, note: 'wrapped in an array' }),
];

function mutatedBody(valid: Record<string, unknown>): fc.Arbitrary<{ tree: JsonTree; note: string }> {
  const step = (input: { tree: JsonTree; note: string }) =>
    fc
      .constantFrom(...mutations)
      .chain((mutate) => mutate(input.tree))
      .map((next) => ({ tree: next.tree, note: `${input.note}, ${next.note}` }));
  const start = { tree: toTree(valid), note: 'valid body' };
  return fc.oneof(step(start), step(start).chain(step));
}

interface BodyChoice {
  readonly bytes: Buffer;
  readonly sentText: readonly string[];
  readonly note: string;
}

const fromTree = (tree: JsonTree, note: string): BodyChoice => ({
  bytes: Buffer.from(serialize(tree), 'utf8'),
  sentText: stringLeaves(tree),
  note,
});

/** Bodies that are not JSON a schema could even look at. */
function brokenBodies(maxBytes: number): fc.Arbitrary<BodyChoice> {
  const raw = (bytes: Buffer, note: string): BodyChoice => ({ bytes, sentText: [], note });
  return fc.oneof(
    fc.constant(raw(Buffer.alloc(0), 'empty body')),
    hostileJson.map((tree) => raw(Buffer.from(serialize(tree).slice(0, -1) || '{', 'utf8'), 'truncated JSON')),
    fc.constant(raw(Buffer.from('{"a":1,}', 'utf8'), 'trailing comma')),
    fc.constant(raw(Buffer.from("{'single':'quotes'}", 'utf8'), 'single quotes')),
    fc.constant(raw(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]), 'invalid UTF-8')),
    fc.constant(raw(Buffer.from('\ufeff{}', 'utf8'), 'byte order mark')),
    fc.constant(raw(Buffer.from('x'.repeat(maxBytes + 1), 'utf8'), 'one byte over the route limit')),
    fc.constant(raw(Buffer.from(`"${'y'.repeat(maxBytes)}"`, 'utf8'), 'a string over the route limit')),
    // Deep nesting within the byte limit: no recursive walk of the body may overflow the stack.
    fc
      .integer({ min: 100, max: Math.floor((maxBytes - 2) / 2) })
      .map((depth) => raw(Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`, 'utf8'), `${depth} nested arrays`)),
    fc
      .integer({ min: 100, max: Math.floor((maxBytes - 10) / 6) })
      .map((depth) =>
        raw(Buffer.from(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, 'utf8'), `${depth} nested objects`),
      ),
  );
}

function bodies(route: RouteDefinition, context: FuzzContext, faulty: boolean): fc.Arbitrary<BodyChoice | undefined> {
  // fetch sends no body with GET; API Gateway would pass one on, but browsers and SDKs never do.
  if (route.method === 'GET') return fc.constant(undefined);
  const valid = context.validBody(route);
  if (!faulty) return fc.constant(valid ? fromTree(toTree(valid), 'valid body') : undefined);
  const maxBytes = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const choices: fc.WeightedArbitrary<BodyChoice | undefined>[] = [
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 3, arbitrary: hostileJson.map((tree) => fromTree(tree, 'hostile JSON')) },
    { weight: 2, arbitrary: brokenBodies(maxBytes) },
  ];
  if (valid) choices.push({ weight: 6, arbitrary: mutatedBody(valid).map(({ tree, note }) => fromTree(tree, note)) });
  return fc.oneof(...choices);
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=utf-16',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/octet-stream',
  'image/png',
  'application/json-patch+json',
  'application/jsonx',
  ';;;',
] as const;

const contentTypes = (faulty: boolean): fc.Arbitrary<string | undefined> =>
  faulty
    ? fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.constant('application/json');

/** A header value fetch will send: Latin-1, no control characters. */
const headerText: fc.Arbitrary<string> = fc
  .string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((c) => c !== 0x7f)
      .map((c) => String.fromCharCode(c)),
    maxLength: 60,
  })
  .map((text) => text.trim());

function authorizations(
  route: RouteDefinition,
  tokens: FuzzTokens,
  faulty: boolean,
): fc.Arbitrary<{ value?: string; note: string }> {
  const bearer = (token: string, note: string) => ({ value: `Bearer ${token}`, note });
  const customer = bearer(tokens.customer, 'customer token');
  const own: fc.Arbitrary<{ value?: string; note: string }> =
    route.access === 'admin'
      ? fc.constant(bearer(tokens.admin, 'admin token'))
      : route.access === 'customer'
        ? fc.constant(customer)
        : route.access === 'optional'
          ? fc.constantFrom(customer, { note: 'no token' })
          : fc.constant({ note: 'no token' });
  const bad = fc.oneof(
    fc.constant({ note: 'no token' }),
    fc.constant(bearer(tokens.customer, 'customer token')),
    fc.constant(bearer(tokens.admin, 'admin token')),
    fc.constantFrom(...Object.entries(tokens.refused)).map(([why, token]) => bearer(token, `${why} token`)),
    fc.constant(bearer(tokens.forgedAdmin, 'forged admin token')),
    fc.constant(bearer(tokens.algNone, 'alg-none token')),
    fc.constant({ value: tokens.customer, note: 'token without scheme' }),
    fc.constant({ value: `Basic ${Buffer.from('admin:admin').toString('base64')}`, note: 'basic auth' }),
    fc
      .constantFrom('Bearer', 'Bearer ', 'bearer null', 'Bearer a.b.c', 'Bearer ....')
      .map((value) => ({ value, note: 'malformed token' })),
    headerText.map((text) => bearer(text, 'garbage token')),
    fc.integer({ min: 1000, max: 3000 }).map((length) => bearer('e'.repeat(length), 'huge token')),
  );
  return faulty ? bad : own;
}

/** Encodes a path segment byte by byte; a lone surrogate becomes the bytes no decoder accepts. */
function encodeSegment(value: string, keepSlashes: boolean): string {
  let encoded = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      encoded += `%ED%${(0xa0 | ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else if (keepSlashes && char === '/') {
      encoded += '/';
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}

function pathValues(
  route: RouteDefinition,
  context: FuzzContext,
  faulty: boolean,
): fc.Arbitrary<{ path: string; values: string[] }> {
  const parameters = [...route.path.matchAll(/\{(\w+)(\+?)\}/g)].map((match) => ({
    name: match[1] ?? '',
    greedy: match[2] === '+',
  }));
  const perParameter = parameters.map(({ name, greedy }) => {
    const known = context.knownPathValues(route, name);
    if (!faulty && known.length) return fc.constantFrom(...known).map((raw) => ({ name, greedy, raw }));
    const value = fc.oneof(
      { weight: 3, arbitrary: hostileString.filter((text) => text.length <= 1000) },
      {
        weight: greedy ? 2 : 0,
        arbitrary: fc
          .array(
            hostileString.filter((text) => text.length < 100),
            { minLength: 1, maxLength: 4 },
          )
          .map((parts) => parts.join('/')),
      },
    );
    // An empty segment matches no route: API Gateway answers with the $default route, as here.
    return value.map((raw) => ({ name, greedy, raw }));
  });
  return fc.tuple(...perParameter).map((chosen) => {
    let path = route.path;
    for (const { name, greedy, raw } of chosen) {
      path = path.replace(`{${name}${greedy ? '+' : ''}}`, encodeSegment(raw, greedy));
    }
    return { path, values: chosen.map(({ raw }) => raw) };
  });
}

/**
 * The query parameters the shop's routes read, and any others. Sizes are bounded so that the
 * request line and headers stay under API Gateway's 10 KiB, past which AWS itself answers (and
 * Node's parser here, with a bodiless 431): the fuzz is for the shop's code, not for those.
 */
const QUERY_KEYS = ['lang', 'category', 'q', 'query', 'cursor', 'limit', 'days'] as const;

const hostileQueries: fc.Arbitrary<{ query: string; values: string[] }> = fc
  .array(
    fc.tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...QUERY_KEYS) },
        { weight: 1, arbitrary: hostileKey.filter((key) => key.length < 40) },
      ),
      fc.oneof(
        hostileString.filter((value) => value.length <= 800),
        fc.constantFrom('en', 'de', 'fr', '10', '0', '-1', '101', '1.5', '1e3', '7', '30', '90', 'Outerwear'),
      ),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((pairs) => ({
    // Repeated keys stay repeated (API Gateway joins them with commas).
    query: pairs.length
      ? `?${pairs.map(([key, value]) => `${encodeSegment(key, false)}=${encodeSegment(value, false)}`).join('&')}`
      : '',
    values: pairs.map(([, value]) => value),
  }));

const queries = (faulty: boolean): fc.Arbitrary<{ query: string; values: string[] }> =>
  faulty ? hostileQueries : fc.constant({ query: '', values: [] });

/** A Stripe-Signature over the exact bytes, as Stripe signs its webhooks. */
export function stripeSignature(body: Buffer, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

const STRIPE_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'payment_intent.succeeded',
] as const;

/** Stripe events the fuzz signs itself: well signed, their content anything. */
const signedStripeEvents: fc.Arbitrary<BodyChoice> = fc
  .record({
    id: fc.oneof(
      fc.constant('evt_fuzz'),
      hostileString.filter((text) => text.length < 200),
    ),
    type: fc.oneof(
      fc.constantFrom(...STRIPE_EVENT_TYPES),
      hostileString.filter((text) => text.length < 200),
    ),
    object: fc.oneof(
      hostileJson,
      fc
        .record({
          id: fc.oneof(fc.constant('cs_test_fuzz'), hostileString),
          metadata: fc.oneof(hostileJson, fc.record({ orderId: hostileString }).map(toTree)),
          paymentStatus: fc.oneof(fc.constantFrom('paid', 'unpaid', 'no_payment_required'), hostileString),
          status: fc.oneof(fc.constantFrom('complete', 'open', 'expired'), hostileString),
          amountTotal: hostileNumber,
        })
        .map((session): JsonTree => ({
          kind: 'object',
          entries: [
            ['id', { kind: 'scalar', value: session.id }],
            ['object', { kind: 'scalar', value: 'checkout.session' }],
            ['metadata', session.metadata],
            ['payment_status', { kind: 'scalar', value: session.paymentStatus }],
            ['status', { kind: 'scalar', value: session.status }],
            ['amount_total', { kind: 'scalar', value: session.amountTotal }],
          ],
        })),
    ),
  })
  .map(({ id, type, object }) => {
    const tree: JsonTree = {
      kind: 'object',
      entries: [
        ['id', { kind: 'scalar', value: id }],
        ['object', { kind: 'scalar', value: 'event' }],
        ['type', { kind: 'scalar', value: type }],
        ['created', { kind: 'scalar', value: Math.floor(Date.now() / 1000) }],
        ['data', { kind: 'object', entries: [['object', object]] }],
      ],
    };
    return fromTree(tree, 'signed Stripe event');
  });

/** The parts of a request the fuzz may get wrong; the others it gets right. */
const PARTS = ['auth', 'path', 'query', 'contentType', 'body', 'headers'] as const;
type Part = (typeof PARTS)[number];

/**
 * Which parts of a request are wrong: none in one request of five (a valid request, so that
 * accepted requests and their events are fuzzed too), else one or two. A request with
 * everything random would almost never pass the token check or the content type, and the
 * handlers' own logic would go untested.
 */
const faultyParts: fc.Arbitrary<readonly Part[]> = fc.oneof(
  { weight: 1, arbitrary: fc.constant([]) },
  { weight: 4, arbitrary: fc.subarray([...PARTS], { minLength: 1, maxLength: 2 }) },
);

/** One request to `route`, in every way a client could get it wrong (and sometimes right). */
export function requestsFor(route: RouteDefinition, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const isWebhook = route.path === '/webhooks/stripe';
  return faultyParts.chain((faults) => {
    const faulty = (part: Part) => faults.includes(part);
    // The webhook's body is Stripe's event and its credential the signature over it.
    const body = isWebhook
      ? faulty('body')
        ? bodies(route, context, true)
        : signedStripeEvents
      : bodies(route, context, faulty('body'));
    const authorization = isWebhook
      ? fc.constant<{ value?: string; note: string }>({ note: 'no token' })
      : authorizations(route, context.tokens, faulty('auth'));
    const signature = faulty('auth')
      ? fc.oneof(fc.constant('stale'), headerText, fc.constant(undefined))
      : fc.constant('valid');
    return fc
      .record({
        path: pathValues(route, context, faulty('path')),
        query: queries(faulty('query')),
        body,
        contentType: contentTypes(faulty('contentType')),
        authorization: authorization,
        signature,
        viewer: faulty('headers') ? headerText : fc.constant(context.viewerAddress),
        cookie: faulty('headers') ? fc.option(headerText.map((text) => `lang=${text}`)) : fc.constant(null),
        acceptLanguage: faulty('headers') ? fc.option(headerText) : fc.constant(null),
      })
      .map((chosen) => {
        const headers: Record<string, string> = {};
        if (chosen.contentType !== undefined) headers['content-type'] = chosen.contentType;
        if (chosen.authorization.value !== undefined) headers.authorization = chosen.authorization.value;
        if (chosen.viewer) headers['cloudfront-viewer-address'] = chosen.viewer;
        if (chosen.cookie !== null && chosen.cookie !== '') headers.cookie = chosen.cookie;
        if (chosen.acceptLanguage) headers['accept-language'] = chosen.acceptLanguage;
        const bytes = chosen.body?.bytes;
        if (isWebhook && chosen.signature !== undefined) {
          headers['stripe-signature'] =
            chosen.signature === 'valid'
              ? stripeSignature(bytes ?? Buffer.alloc(0), context.stripeWebhookSecret)
              : chosen.signature === 'stale'
                ? stripeSignature(bytes ?? Buffer.alloc(0), context.stripeWebhookSecret, 1_000_000_000)
                : chosen.signature;
        }
        return {
          method: route.method,
          target: `${chosen.path.path}${chosen.query.query}`,
          headers,
          body: bytes,
          sentText: [...chosen.path.values, ...chosen.query.values, ...(chosen.body?.sentText ?? [])],
          recipe: [
            `wrong: ${faults.join(', ') || 'nothing'}`,
            isWebhook
              ? `signature ${chosen.signature === 'valid' || chosen.signature === 'stale' ? chosen.signature : 'garbage/none'}`
              : chosen.authorization.note,
            chosen.body ? `${chosen.body.note} (${chosen.body.bytes.byteLength} bytes)` : 'no body',
            `content-type ${chosen.contentType ?? 'none'}`,
          ].join('; '),
        };
      });
  });
}
