import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, customerClaims, parseBody } from '../../../tests/fixtures/api-event';
import { expectWithinTableScope } from '../../../tests/fixtures/table-scope';
import { handler as addToWishlist } from './add-to-wishlist';
import { handler as getWishlist } from './get-wishlist';
import { handler as removeFromWishlist } from './remove-from-wishlist';

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddbMock.reset());

const product = (id: string) => ({
  id,
  name: id,
  description: '',
  price: 1000,
  category: 'Basics',
  stockQuantity: 1,
  featured: false,
  sizes: [],
  colors: [],
  images: [],
  sortOrder: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('wishlist routes', () => {
  it('lists only the caller’s entries, newest first, dropping products that are gone', async () => {
    ddbMock.on(QueryCommand).resolves({
      Items: [
        { productId: 'old', addedAt: '2026-01-01T00:00:00Z' },
        { productId: 'gone', addedAt: '2026-03-01T00:00:00Z' },
        { productId: 'new', addedAt: '2026-02-01T00:00:00Z' },
      ],
    });
    ddbMock.on(BatchGetCommand).resolves({ Responses: { 'test-table': [product('old'), product('new')] } });

    const res = await getWishlist(apiEvent({ routeKey: 'GET /wishlist', claims: customerClaims('u-7') }));

    expect(res.statusCode).toBe(200);
    expect((parseBody(res).items as { id: string }[]).map((p) => p.id)).toEqual(['new', 'old']);
    expect(ddbMock.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toEqual({
      ':pk': 'CUSTOMER#u-7',
      ':prefix': 'WISHLIST#',
    });
  });

  it('saves an existing product for the caller and answers 204', async () => {
    ddbMock.on(GetCommand).resolves({ Item: product('tee') });
    ddbMock.on(PutCommand).resolves({});
    const res = await addToWishlist(
      apiEvent({
        routeKey: 'PUT /wishlist/{productId}',
        pathParameters: { productId: 'tee' },
        claims: customerClaims('u-7'),
      }),
    );
    expect(res.statusCode).toBe(204);
    expect(ddbMock.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({
      PK: 'CUSTOMER#u-7',
      SK: 'WISHLIST#tee',
    });
  });

  it('treats saving twice as success', async () => {
    ddbMock.on(GetCommand).resolves({ Item: product('tee') });
    ddbMock.on(PutCommand).rejects(Object.assign(new Error('exists'), { name: 'ConditionalCheckFailedException' }));
    const res = await addToWishlist(
      apiEvent({
        routeKey: 'PUT /wishlist/{productId}',
        pathParameters: { productId: 'tee' },
        claims: customerClaims(),
      }),
    );
    expect(res.statusCode).toBe(204);
  });

  it('answers 404 for a product that does not exist', async () => {
    ddbMock.on(GetCommand).resolves({});
    const res = await addToWishlist(
      apiEvent({
        routeKey: 'PUT /wishlist/{productId}',
        pathParameters: { productId: 'nope' },
        claims: customerClaims(),
      }),
    );
    expect(res.statusCode).toBe(404);
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('removes only from the caller’s own list', async () => {
    ddbMock.on(DeleteCommand).resolves({});
    const res = await removeFromWishlist(
      apiEvent({
        routeKey: 'DELETE /wishlist/{productId}',
        pathParameters: { productId: 'tee' },
        claims: customerClaims('u-9'),
      }),
    );
    expect(res.statusCode).toBe(204);
    expect(ddbMock.commandCalls(DeleteCommand)[0]!.args[0].input.Key).toEqual({
      PK: 'CUSTOMER#u-9',
      SK: 'WISHLIST#tee',
    });
  });

  /*
   * IAM narrows the wishlist functions to CUSTOMER# items (and product reads), not to the
   * caller's own: behind API Gateway's JWT authorizer a function runs with its role, not the
   * caller's identity, so no policy variable names the caller. The caller's own partition is
   * the code's to keep: its key comes from the verified token's `sub`, never from input.
   */
  it('keeps each call within the partitions its IAM grant allows', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [{ productId: 'tee', addedAt: '2026-01-01T00:00:00Z' }] });
    ddbMock.on(BatchGetCommand).resolves({ Responses: { 'test-table': [product('tee')] } });
    ddbMock.on(GetCommand).resolves({ Item: product('tee') });
    ddbMock.on(PutCommand).resolves({});
    ddbMock.on(DeleteCommand).resolves({});
    const claims = customerClaims('u-7');

    expect((await getWishlist(apiEvent({ routeKey: 'GET /wishlist', claims }))).statusCode).toBe(200);
    expectWithinTableScope('GET /wishlist', ddbMock);
    ddbMock.resetHistory();
    const added = await addToWishlist(
      apiEvent({ routeKey: 'PUT /wishlist/{productId}', pathParameters: { productId: 'tee' }, claims }),
    );
    expect(added.statusCode).toBe(204);
    expect(expectWithinTableScope('PUT /wishlist/{productId}', ddbMock).write).toEqual(['CUSTOMER#u-7']);
    ddbMock.resetHistory();
    const removed = await removeFromWishlist(
      apiEvent({ routeKey: 'DELETE /wishlist/{productId}', pathParameters: { productId: 'tee' }, claims }),
    );
    expect(removed.statusCode).toBe(204);
    expect(expectWithinTableScope('DELETE /wishlist/{productId}', ddbMock).write).toEqual(['CUSTOMER#u-7']);
  });

  it('builds the partition from the token’s sub alone, whatever the path or other claims name', async () => {
    ddbMock.on(GetCommand).resolves({ Item: product('CUSTOMER#u-8') });
    ddbMock.on(PutCommand).resolves({});
    ddbMock.on(DeleteCommand).resolves({});
    const claims = customerClaims('u-7', { 'cognito:username': 'u-8', email: 'u-8@example.com' });
    const productId = 'CUSTOMER#u-8';

    const added = await addToWishlist(
      apiEvent({ routeKey: 'PUT /wishlist/{productId}', pathParameters: { productId }, claims }),
    );
    const removed = await removeFromWishlist(
      apiEvent({ routeKey: 'DELETE /wishlist/{productId}', pathParameters: { productId }, claims }),
    );
    expect([added.statusCode, removed.statusCode]).toEqual([204, 204]);

    expect(ddbMock.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({
      PK: 'CUSTOMER#u-7',
      SK: 'WISHLIST#CUSTOMER#u-8',
    });
    expect(ddbMock.commandCalls(DeleteCommand)[0]!.args[0].input.Key).toEqual({
      PK: 'CUSTOMER#u-7',
      SK: 'WISHLIST#CUSTOMER#u-8',
    });
  });

  it('requires a signed-in customer', async () => {
    const res = await getWishlist(apiEvent({ routeKey: 'GET /wishlist' }));
    expect(res.statusCode).toBe(401);
  });
});
