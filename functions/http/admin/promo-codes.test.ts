import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminPromoDto, AdminPromoListResponse } from '@linea/shared/contracts/promo-codes';
import { adminClaims, apiEvent, customerClaims, parseBody } from '../../../tests/fixtures/api-event';
import { handler as createPromoCode } from './create-promo-code';
import { handler as deletePromoCode } from './delete-promo-code';
import { handler as listPromoCodes } from './list-promo-codes';
import { handler as updatePromoCode } from './update-promo-code';

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddbMock.reset());

/** A code as the table holds it. */
const storedPromo = (overrides: Record<string, unknown> = {}) => {
  const code = String(overrides.code ?? 'WELCOME10');
  const createdAt = String(overrides.createdAt ?? '2026-01-05T08:00:00.000Z');
  return {
    PK: `PROMO#${code}`,
    SK: 'PROMO',
    GSI3PK: 'PROMOS',
    GSI3SK: createdAt,
    entity: 'PromoCode',
    schemaVersion: 1,
    code,
    type: 'percentage',
    percent: 10,
    isActive: true,
    createdAt,
    ...overrides,
  };
};

const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

/** `null`: no token at all. */
type Claims = Record<string, string> | null;
const list = (claims: Claims = adminClaims()) =>
  listPromoCodes(apiEvent({ routeKey: 'GET /admin/promo-codes', claims: claims ?? undefined }));
const create = (body: unknown, claims: Claims = adminClaims()) =>
  createPromoCode(apiEvent({ routeKey: 'POST /admin/promo-codes', body, claims: claims ?? undefined }));
const patch = (code: string, body: unknown, claims: Claims = adminClaims()) =>
  updatePromoCode(
    apiEvent({
      routeKey: 'PATCH /admin/promo-codes/{code}',
      pathParameters: { code },
      body,
      claims: claims ?? undefined,
    }),
  );
const remove = (code: string, claims: Claims = adminClaims()) =>
  deletePromoCode(
    apiEvent({ routeKey: 'DELETE /admin/promo-codes/{code}', pathParameters: { code }, claims: claims ?? undefined }),
  );

const transactItems = (call = 0) => ddbMock.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems!;
const fieldsOf = (res: { body?: string }) =>
  (parseBody(res).details as { fields: { field: string }[] }).fields.map((f) => f.field);

describe('admin promo code routes', () => {
  it('answers 401 without a token and 403 to a customer on every route, reading nothing', async () => {
    for (const claims of [null, customerClaims()]) {
      const expected = claims ? 403 : 401;
      expect((await list(claims)).statusCode).toBe(expected);
      expect((await create({ type: 'percentage' }, claims)).statusCode).toBe(expected);
      expect((await patch('WELCOME10', { isActive: false }, claims)).statusCode).toBe(expected);
      expect((await remove('WELCOME10', claims)).statusCode).toBe(expected);
    }
    expect(ddbMock.calls()).toHaveLength(0);
  });
});

describe('GET /admin/promo-codes', () => {
  it('lists the codes of GSI3 newest first, with their limits and 0 uses where none were counted', async () => {
    ddbMock.on(QueryCommand).resolves({
      Items: [
        storedPromo({
          code: 'NEWEST',
          type: 'amount',
          percent: undefined,
          amount: 1_500,
          createdAt: '2026-11-20T08:00:00.000Z',
          usageLimit: 5,
          uses: 2,
          validFrom: '2026-11-01T00:00:00.000Z',
          validUntil: '2026-12-01T00:00:00.000Z',
        }),
        storedPromo({ code: 'OLDER', isActive: false, createdAt: '2026-06-01T08:00:00.000Z' }),
        storedPromo({
          code: 'OLDEST',
          type: 'free_shipping',
          percent: undefined,
          createdAt: '2026-01-01T08:00:00.000Z',
        }),
      ],
    });

    const res = await list();

    expect(res.statusCode).toBe(200);
    const { items } = parseBody(res) as unknown as AdminPromoListResponse;
    expect(items.map((item) => item.code)).toEqual(['NEWEST', 'OLDER', 'OLDEST']);
    expect(items[0]).toEqual({
      code: 'NEWEST',
      type: 'amount',
      amount: 1_500,
      isActive: true,
      createdAt: '2026-11-20T08:00:00.000Z',
      uses: 2,
      usageLimit: 5,
      validFrom: '2026-11-01T00:00:00.000Z',
      validUntil: '2026-12-01T00:00:00.000Z',
    });
    expect(items[1]).toEqual({
      code: 'OLDER',
      type: 'percentage',
      percent: 10,
      isActive: false,
      createdAt: '2026-06-01T08:00:00.000Z',
      uses: 0,
    });
    expect(items[2]).toMatchObject({ code: 'OLDEST', type: 'free_shipping', uses: 0 });
    expect(items[2]).not.toHaveProperty('percent');
    expect(ddbMock.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      IndexName: 'GSI3',
      ScanIndexForward: false,
      ExpressionAttributeValues: { ':pk': 'PROMOS' },
    });
  });
});

describe('POST /admin/promo-codes', () => {
  it('generates an 8-character code of A–Z and 0–9 when none is given, and writes it with its audit entry in one transaction', async () => {
    ddbMock.on(TransactWriteCommand).resolves({});

    const res = await create({ type: 'percentage', percent: 15 });

    expect(res.statusCode).toBe(201);
    const body = parseBody(res) as unknown as AdminPromoDto;
    expect(body.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(body).toMatchObject({ type: 'percentage', percent: 15, isActive: true, uses: 0 });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
    const items = transactItems();
    expect(items).toHaveLength(2);
    const [put, audit] = items;
    expect(put!.Put).toMatchObject({
      TableName: 'test-table',
      ConditionExpression: 'attribute_not_exists(PK)',
      Item: {
        PK: `PROMO#${body.code}`,
        SK: 'PROMO',
        GSI3PK: 'PROMOS',
        code: body.code,
        type: 'percentage',
        percent: 15,
        isActive: true,
        uses: 0,
      },
    });
    expect(audit!.Put).toMatchObject({
      ConditionExpression: 'attribute_not_exists(PK)',
      Item: {
        action: 'CREATE',
        tableName: 'promo_codes',
        recordId: body.code,
        actorEmail: 'admin@linea.test',
      },
    });
    expect(JSON.parse(audit!.Put!.Item!.after as string)).toMatchObject({ code: body.code, percent: 15 });
    // Nothing else is read or written.
    expect(ddbMock.calls()).toHaveLength(1);
  });

  it('applies the defaults: 10 percent, CHF 10 off, and free shipping with no amount', async () => {
    ddbMock.on(TransactWriteCommand).resolves({});
    expect(parseBody(await create({ type: 'percentage' }))).toMatchObject({ type: 'percentage', percent: 10 });
    expect(parseBody(await create({ type: 'amount' }))).toMatchObject({ type: 'amount', amount: 1_000 });
    const free = parseBody(await create({ type: 'free_shipping', code: '' }));
    expect(free).toMatchObject({ type: 'free_shipping' });
    expect(free.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(free).not.toHaveProperty('amount');
    expect(free).not.toHaveProperty('percent');
  });

  it('stores a typed code trimmed and upper-cased, with its limits', async () => {
    ddbMock.on(TransactWriteCommand).resolves({});

    const res = await create({
      type: 'amount',
      amount: 2_500,
      code: ' welcome ',
      usageLimit: 3,
      validFrom: '2026-12-01T00:00:00+01:00',
      validUntil: '2026-12-24T23:59:59+01:00',
    });

    expect(res.statusCode).toBe(201);
    expect(parseBody(res)).toMatchObject({
      code: 'WELCOME',
      type: 'amount',
      amount: 2_500,
      usageLimit: 3,
      validFrom: '2026-11-30T23:00:00.000Z',
      validUntil: '2026-12-24T22:59:59.000Z',
      uses: 0,
    });
    const [put, audit] = transactItems();
    expect(put!.Put!.Item).toMatchObject({ PK: 'PROMO#WELCOME', code: 'WELCOME', usageLimit: 3 });
    expect(audit!.Put!.Item).toMatchObject({ action: 'CREATE', tableName: 'promo_codes', recordId: 'WELCOME' });
  });

  it('answers 409 CONFLICT for a typed code that exists, and does not try another', async () => {
    ddbMock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));

    const res = await create({ type: 'percentage', code: 'welcome10' });

    expect(res.statusCode).toBe(409);
    expect(parseBody(res)).toMatchObject({ error: 'CONFLICT', details: { id: 'WELCOME10' } });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('draws another code when a generated one happens to exist', async () => {
    ddbMock.on(TransactWriteCommand).rejectsOnce(cancelled('ConditionalCheckFailed', 'None')).resolves({});

    const res = await create({ type: 'free_shipping' });

    expect(res.statusCode).toBe(201);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(2);
    expect(transactItems(1)[0]!.Put!.Item!.code).toBe(parseBody(res).code);
  });

  it('refuses what is out of range, unknown fields, a value the type lacks and an end before the start, naming the field, and writes nothing', async () => {
    const attempts: Array<[unknown, string]> = [
      [{ type: 'percentage', percent: 0 }, 'percent'],
      [{ type: 'percentage', percent: 101 }, 'percent'],
      [{ type: 'percentage', percent: 12.5 }, 'percent'],
      [{ type: 'amount', amount: 50 }, 'amount'],
      [{ type: 'percentage', discount: 10 }, 'discount'],
      [{ type: 'free_shipping', amount: 1_000 }, 'amount'],
      [{ type: 'percentage', code: 'NOT A CODE' }, 'code'],
      [{ type: 'percentage', code: 'A'.repeat(21) }, 'code'],
      [{ type: 'percentage', usageLimit: 0 }, 'usageLimit'],
      [{ type: 'percentage', validFrom: 'tomorrow' }, 'validFrom'],
      [{ type: 'percentage', validFrom: '2026-12-24T00:00:00Z', validUntil: '2026-12-01T00:00:00Z' }, 'validUntil'],
      [{ type: 'percentage', validFrom: '2026-12-24T00:00:00Z', validUntil: '2026-12-24T00:00:00Z' }, 'validUntil'],
      [{ type: 'bogo' }, 'type'],
    ];
    for (const [body, field] of attempts) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(parseBody(res).error).toBe('VALIDATION');
      expect(fieldsOf(res), JSON.stringify(body)).toContain(field);
    }
    expect(ddbMock.calls()).toHaveLength(0);
  });
  it('compares the validity window by the instants it names, whatever the offsets', async () => {
    ddbMock.on(TransactWriteCommand).resolves({});
    // 10:00 in UTC+05:00 is 05:00Z: an hour before the start, though it reads later.
    const backwards = await create({
      type: 'percentage',
      validFrom: '2026-12-01T06:00:00Z',
      validUntil: '2026-12-01T10:00:00+05:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(fieldsOf(backwards)).toEqual(['validUntil']);
    expect(ddbMock.calls()).toHaveLength(0);

    // 09:00 in UTC+05:00 is 04:00Z, before an end at 06:00Z, though it reads later.
    const forwards = await create({
      type: 'percentage',
      validFrom: '2026-12-01T09:00:00+05:00',
      validUntil: '2026-12-01T06:00:00Z',
    });
    expect(forwards.statusCode).toBe(201);
    expect(parseBody(forwards)).toMatchObject({
      validFrom: '2026-12-01T04:00:00.000Z',
      validUntil: '2026-12-01T06:00:00.000Z',
    });
  });
});

describe('PATCH /admin/promo-codes/{code}', () => {
  it('switches a code off with its audit entry, on the condition it is still as read', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedPromo({ uses: 4 }) });
    ddbMock.on(TransactWriteCommand).resolves({});

    const res = await patch('welcome10', { isActive: false });

    expect(res.statusCode).toBe(200);
    expect(parseBody(res)).toMatchObject({ code: 'WELCOME10', isActive: false, uses: 4 });
    expect(ddbMock.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual({ PK: 'PROMO#WELCOME10', SK: 'PROMO' });
    const [update, audit] = transactItems();
    expect(update!.Update).toMatchObject({
      Key: { PK: 'PROMO#WELCOME10', SK: 'PROMO' },
      UpdateExpression: 'SET isActive = :to',
      ConditionExpression: 'attribute_exists(PK) AND isActive = :from',
      ExpressionAttributeValues: { ':to': false, ':from': true },
    });
    expect(audit!.Put!.Item).toMatchObject({
      action: 'UPDATE',
      tableName: 'promo_codes',
      recordId: 'WELCOME10',
      before: JSON.stringify({ isActive: true }),
      after: JSON.stringify({ isActive: false }),
    });
  });

  it('switches it back on the same way', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedPromo({ isActive: false }) });
    ddbMock.on(TransactWriteCommand).resolves({});

    const res = await patch('WELCOME10', { isActive: true });

    expect(res.statusCode).toBe(200);
    expect(parseBody(res)).toMatchObject({ isActive: true });
    const [update, audit] = transactItems();
    expect(update!.Update!.ExpressionAttributeValues).toEqual({ ':to': true, ':from': false });
    expect(audit!.Put!.Item).toMatchObject({ action: 'UPDATE', after: JSON.stringify({ isActive: true }) });
  });

  it('writes nothing, not even an audit entry, when the code already is as asked', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedPromo() });
    const res = await patch('WELCOME10', { isActive: true });
    expect(res.statusCode).toBe(200);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers 404 for an unknown code, and 404 when it is deleted between the read and the write', async () => {
    ddbMock.on(GetCommand).resolves({});
    const unknown = await patch('NOPE', { isActive: false });
    expect(unknown.statusCode).toBe(404);
    expect(parseBody(unknown)).toMatchObject({ error: 'NOT_FOUND' });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);

    ddbMock.reset();
    ddbMock.on(GetCommand).resolvesOnce({ Item: storedPromo() }).resolves({});
    ddbMock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    expect((await patch('WELCOME10', { isActive: false })).statusCode).toBe(404);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('refuses a body without the switch, other fields and a malformed code, writing nothing', async () => {
    const missing = await patch('WELCOME10', {});
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toContain('isActive');
    const other = await patch('WELCOME10', { isActive: true, percent: 50 });
    expect(other.statusCode).toBe(400);
    expect(fieldsOf(other)).toContain('percent');
    expect((await patch('NOT%20A%20CODE', { isActive: true })).statusCode).toBe(400);
    expect(ddbMock.calls()).toHaveLength(0);
  });
});

describe('DELETE /admin/promo-codes/{code}', () => {
  it('deletes the code with its audit entry in one transaction and answers 204', async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedPromo({ uses: 1 }) });
    ddbMock.on(TransactWriteCommand).resolves({});

    const res = await remove('welcome10');

    expect(res.statusCode).toBe(204);
    expect(res.body).toBeUndefined();
    const [del, audit] = transactItems();
    expect(del!.Delete).toMatchObject({
      Key: { PK: 'PROMO#WELCOME10', SK: 'PROMO' },
      ConditionExpression: 'attribute_exists(PK)',
    });
    expect(audit!.Put!.Item).toMatchObject({ action: 'DELETE', tableName: 'promo_codes', recordId: 'WELCOME10' });
    expect(audit!.Put!.Item).not.toHaveProperty('after');
    expect(JSON.parse(audit!.Put!.Item!.before as string)).toMatchObject({ code: 'WELCOME10', uses: 1 });
  });

  it('answers 404 for an unknown code, and 404 when someone deleted it meanwhile', async () => {
    ddbMock.on(GetCommand).resolves({});
    const unknown = await remove('NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(parseBody(unknown)).toMatchObject({ error: 'NOT_FOUND' });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);

    ddbMock.reset();
    ddbMock.on(GetCommand).resolves({ Item: storedPromo() });
    ddbMock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    expect((await remove('WELCOME10')).statusCode).toBe(404);
  });
});
