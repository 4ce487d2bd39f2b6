import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminAuditResponse } from '@linea/shared/contracts/admin';
import { adminClaims, apiEvent, customerClaims, parseBody } from '../../../tests/fixtures/api-event';
import { auditEntryPut } from '../../data/audit';
import { handler as listAudit } from './list-audit';

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddbMock.reset());

const actor = { userId: 'admin-1', email: 'admin@linea.local', groups: ['admin'] } as const;
const stored = (at: string, recordId: string) =>
  auditEntryPut('table', {
    actor: actor as never,
    action: 'UPDATE',
    table: 'orders',
    recordId,
    before: { status: 'confirmed' },
    after: { status: 'shipped', trackingNumber: '99.00.1' },
    at,
  }).Put.Item;

/** `null`: no token at all. */
const list = (query?: Record<string, string>, claims: ReturnType<typeof adminClaims> | null = adminClaims()) =>
  listAudit(apiEvent({ routeKey: 'GET /admin/audit', queryStringParameters: query, claims: claims ?? undefined }));

describe('GET /admin/audit', () => {
  it('answers 401 without a token and 403 to a customer, reading nothing', async () => {
    expect((await list(undefined, null)).statusCode).toBe(401);
    expect((await list(undefined, customerClaims())).statusCode).toBe(403);
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('lists the newest 100 entries of GSI3 with before and after as objects, and a cursor for more', async () => {
    const newest = stored('2026-11-24T10:00:00.000Z', 'order-2');
    ddbMock.on(QueryCommand).resolves({
      Items: [newest, stored('2026-11-23T10:00:00.000Z', 'order-1')],
      LastEvaluatedKey: { PK: newest.PK, SK: newest.SK, GSI3PK: newest.GSI3PK, GSI3SK: newest.GSI3SK },
    });
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = parseBody(response) as unknown as AdminAuditResponse;
    expect(body.items.map((entry) => entry.recordId)).toEqual(['order-2', 'order-1']);
    expect(body.items[0]).toMatchObject({
      action: 'UPDATE',
      tableName: 'orders',
      actorEmail: 'admin@linea.local',
      before: { status: 'confirmed' },
      after: { status: 'shipped', trackingNumber: '99.00.1' },
    });
    const input = ddbMock.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ IndexName: 'GSI3', ScanIndexForward: false, Limit: 100 });
    expect(input.ExpressionAttributeValues).toEqual({ ':pk': 'AUDIT' });

    // The cursor leads on from where the page ended.
    await list({ cursor: String(body.nextCursor) });
    expect(ddbMock.commandCalls(QueryCommand)[1]!.args[0].input.ExclusiveStartKey).toMatchObject({ GSI3PK: 'AUDIT' });
  });

  it('refuses a cursor of another list, a page above 100 and unknown parameters with 400', async () => {
    const foreign = Buffer.from(
      JSON.stringify({ PK: 'ORDER#x', SK: 'ORDER', GSI3PK: 'ORDERS', GSI3SK: '2026' }),
    ).toString('base64url');
    expect((await list({ cursor: foreign })).statusCode).toBe(400);
    expect((await list({ limit: '101' })).statusCode).toBe(400);
    expect((await list({ table: 'orders' })).statusCode).toBe(400);
    expect(ddbMock.calls()).toHaveLength(0);
  });
});
