import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, customerClaims, parseBody } from '../../../tests/fixtures/api-event';
import { expectWithinTableScope } from '../../../tests/fixtures/table-scope';
import { handler as addAddress } from './add-address';
import { handler as deleteAddress } from './delete-address';
import { handler as listAddresses } from './list-addresses';
import { handler as updateAddress } from './update-address';

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddbMock.reset());
// All four routes are granted the customer partitions alone (POST's scope, the widest, holds each).
afterEach(() => void expectWithinTableScope('POST /addresses', ddbMock));

const home = {
  firstName: 'Lea',
  lastName: 'Meier',
  address: 'Seestrasse 4',
  city: 'Luzern',
  zipCode: '6004',
  country: 'CH',
};
const stored = (id: string, createdAt: string) => ({
  PK: 'CUSTOMER#user-1',
  SK: `ADDRESS#${id}`,
  entity: 'Address',
  id,
  createdAt,
  ...home,
});

describe('address routes', () => {
  it('answers 401 without a token on every route, reading nothing', async () => {
    const results = await Promise.all([
      listAddresses(apiEvent({ routeKey: 'GET /addresses' })),
      addAddress(apiEvent({ routeKey: 'POST /addresses', body: home })),
      updateAddress(
        apiEvent({ routeKey: 'PATCH /addresses/{id}', pathParameters: { id: 'a' }, body: { city: 'Bern' } }),
      ),
      deleteAddress(apiEvent({ routeKey: 'DELETE /addresses/{id}', pathParameters: { id: 'a' } })),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it("lists only the caller's partition, the book's default first", async () => {
    ddbMock.on(QueryCommand).resolves({
      Items: [
        stored('old', '2026-01-01T00:00:00Z'),
        stored('new', '2026-02-01T00:00:00Z'),
        { PK: 'CUSTOMER#user-1', SK: 'ADDRESS_BOOK', entity: 'AddressBook', addressCount: 2, defaultId: 'old' },
      ],
    });
    const res = await listAddresses(apiEvent({ routeKey: 'GET /addresses', claims: customerClaims('user-1') }));
    expect((parseBody(res).items as { id: string; isDefault: boolean }[]).map((a) => [a.id, a.isDefault])).toEqual([
      ['old', true],
      ['new', false],
    ]);
    expect(ddbMock.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toEqual({
      ':pk': 'CUSTOMER#user-1',
      ':prefix': 'ADDRESS',
    });
  });

  it("gives 404 for an address that is not the caller's, writing nothing", async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    const claims = customerClaims('user-2');
    const patch = await updateAddress(
      apiEvent({ routeKey: 'PATCH /addresses/{id}', pathParameters: { id: 'old' }, body: { isDefault: true }, claims }),
    );
    const del = await deleteAddress(
      apiEvent({ routeKey: 'DELETE /addresses/{id}', pathParameters: { id: 'old' }, claims }),
    );
    expect([patch.statusCode, del.statusCode]).toEqual([404, 404]);
    expect(ddbMock.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({
      ':pk': 'CUSTOMER#user-2',
    });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('makes the first address the default, with the book written in the same transaction', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    ddbMock.on(TransactWriteCommand).resolves({});
    const res = await addAddress(
      apiEvent({ routeKey: 'POST /addresses', body: home, claims: customerClaims('user-1') }),
    );
    expect(res.statusCode).toBe(201);
    expect(parseBody(res)).toMatchObject({ ...home, isDefault: true });
    const [put, book] = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(put!.Put!.ConditionExpression).toBe('attribute_not_exists(PK)');
    expect(book!.Update).toMatchObject({
      Key: { PK: 'CUSTOMER#user-1', SK: 'ADDRESS_BOOK' },
      ExpressionAttributeValues: { ':newCount': 1, ':newDefault': parseBody(res).id },
    });
  });

  it('refuses a foreign country, a ZIP that is not Swiss, a default switched off and unknown fields, naming them', async () => {
    const claims = customerClaims('user-1');
    const add = await addAddress(
      apiEvent({ routeKey: 'POST /addresses', body: { ...home, country: 'DE', zipCode: '0123', userId: 'x' }, claims }),
    );
    const fields = (parseBody(add).details as { fields: { field: string }[] }).fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['country', 'zipCode']));
    const off = await updateAddress(
      apiEvent({ routeKey: 'PATCH /addresses/{id}', pathParameters: { id: 'a' }, body: { isDefault: false }, claims }),
    );
    expect(off.statusCode).toBe(400);
    expect(ddbMock.calls()).toHaveLength(0);
  });
});
