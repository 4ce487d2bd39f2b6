import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, parseBody } from '../../../tests/fixtures/api-event';
import { handler } from './get-promo-code';

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddbMock.reset());

const promoItem = (overrides: Record<string, unknown> = {}) => ({
  PK: 'PROMO#WELCOME10',
  SK: 'PROMO',
  GSI3PK: 'PROMOS',
  GSI3SK: '2026-01-01T00:00:00.000Z',
  entity: 'PromoCode',
  schemaVersion: 1,
  code: 'WELCOME10',
  type: 'percentage',
  percent: 10,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const promoEvent = (code: string) => apiEvent({ routeKey: 'GET /promo-codes/{code}', pathParameters: { code } });

describe('GET /promo-codes/{code}', () => {
  it('looks a code typed in lower case up upper-cased and answers what it gives, nothing more', async () => {
    // Arrange
    ddbMock.on(GetCommand).resolves({ Item: promoItem() });
    // Act
    const res = await handler(promoEvent('welcome10'));
    // Assert
    expect(res.statusCode).toBe(200);
    expect(parseBody(res)).toEqual({ code: 'WELCOME10', type: 'percentage', percent: 10 });
    expect(ddbMock.commandCalls(GetCommand)[0]!.args[0].input).toEqual({
      TableName: 'test-table',
      Key: { PK: 'PROMO#WELCOME10', SK: 'PROMO' },
    });
  });

  it.each([
    ['an amount', { code: 'CHF20', type: 'amount', amount: 2_000, percent: undefined }, { amount: 2_000 }],
    ['free shipping', { code: 'FREESHIP', type: 'free_shipping', percent: undefined }, {}],
  ])('answers a code worth %s with its own fields', async (_, item, fields) => {
    ddbMock.on(GetCommand).resolves({ Item: promoItem(item) });

    const res = await handler(promoEvent(item.code.toLowerCase()));

    expect(parseBody(res)).toEqual({ code: item.code, type: item.type, ...fields });
  });

  it('answers 404 PROMO_INVALID for a code that is no longer active', async () => {
    ddbMock.on(GetCommand).resolves({ Item: promoItem({ isActive: false }) });

    const res = await handler(promoEvent('WELCOME10'));

    expect(res.statusCode).toBe(404);
    expect(parseBody(res)).toMatchObject({ error: 'PROMO_INVALID', details: { code: 'WELCOME10' } });
  });

  it('answers 404 PROMO_INVALID for a code that does not exist', async () => {
    ddbMock.on(GetCommand).resolves({});

    const res = await handler(promoEvent('nope'));

    expect(res.statusCode).toBe(404);
    expect(parseBody(res)).toMatchObject({ error: 'PROMO_INVALID', details: { code: 'NOPE' } });
  });

  it('answers an unknown code exactly as it answers one that exists but cannot be used', async () => {
    // Enumeration: a guesser must not learn that a code exists (inactive, expired, not yet valid
    // or used up) from the status, the body or the headers.
    ddbMock.on(GetCommand).resolves({});
    const unknown = await handler(promoEvent('WELCOME10'));
    const unusable = [
      promoItem({ isActive: false }),
      promoItem({ validUntil: '2020-01-01T00:00:00.000Z' }),
      promoItem({ validFrom: '2999-01-01T00:00:00.000Z' }),
      promoItem({ usageLimit: 5, uses: 5 }),
    ];

    for (const item of unusable) {
      ddbMock.on(GetCommand).resolves({ Item: item });
      const res = await handler(promoEvent('WELCOME10'));

      expect(res).toEqual(unknown);
    }
    expect(unknown.statusCode).toBe(404);
  });

  it.each([
    ['longer than 20 characters', 'A'.repeat(21)],
    ['holding a space', 'WELCOME 10'],
    ['holding punctuation', 'WELCOME10!'],
    ['holding a hash, as a key would', 'PROMO#X'],
    // Upper-casing lengthens it to 40 characters: the limit applies to the code as looked up.
    ['of 20 characters that upper-case to 40', 'ß'.repeat(20)],
  ])('answers 400 naming the code for a code %s, without looking it up', async (_, code) => {
    const res = await handler(promoEvent(code));

    expect(res.statusCode).toBe(400);
    expect(parseBody(res)).toMatchObject({ error: 'VALIDATION', details: { fields: [{ field: 'code' }] } });
    expect(ddbMock.calls()).toHaveLength(0);
  });
});
