import { AdminDeleteUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, customerClaims, parseBody } from '../../../tests/fixtures/api-event';
import { anOrder, storedOrderItem } from '../../../tests/fixtures/orders';
import { handler as listMyOrders } from '../orders/list-my-orders';
import { handler as deleteAccount } from './delete-account';
import { handler as getProfile } from './get-profile';
import { handler as updateProfile } from './update-profile';

const ddbMock = mockClient(DynamoDBDocumentClient);
const cognitoMock = mockClient(CognitoIdentityProviderClient);
beforeEach(() => {
  ddbMock.reset();
  cognitoMock.reset();
});

describe('GET /orders', () => {
  it("reads only the caller's orders from the customer index, newest first, and hands back a cursor", async () => {
    ddbMock.on(QueryCommand).resolves({
      Items: [storedOrderItem(anOrder({ id: 'o-2', userId: 'user-1' }))],
      LastEvaluatedKey: { PK: 'ORDER#o-2', SK: 'ORDER', GSI1PK: 'CUSTOMER#user-1', GSI1SK: 'ORDER#2026' },
    });
    const res = await listMyOrders(
      apiEvent({ routeKey: 'GET /orders', queryStringParameters: { limit: '1' }, claims: customerClaims('user-1') }),
    );
    expect(res.statusCode).toBe(200);
    expect((parseBody(res).items as { id: string }[]).map((o) => o.id)).toEqual(['o-2']);
    expect(parseBody(res).nextCursor).toEqual(expect.any(String));
    expect(ddbMock.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      IndexName: 'GSI1',
      ScanIndexForward: false,
      Limit: 1,
      ExpressionAttributeValues: { ':pk': 'CUSTOMER#user-1', ':prefix': 'ORDER#' },
    });
  });

  it("answers 401 without a token and 400 to another customer's cursor", async () => {
    expect((await listMyOrders(apiEvent({ routeKey: 'GET /orders' }))).statusCode).toBe(401);
    const cursor = Buffer.from(
      JSON.stringify({ PK: 'ORDER#o', SK: 'ORDER', GSI1PK: 'CUSTOMER#user-1', GSI1SK: 'ORDER#2026' }),
    ).toString('base64url');
    const res = await listMyOrders(
      apiEvent({ routeKey: 'GET /orders', queryStringParameters: { cursor }, claims: customerClaims('user-2') }),
    );
    expect(res.statusCode).toBe(400);
    expect(ddbMock.calls()).toHaveLength(0);
  });
});

describe('the profile', () => {
  it("answers the stored email language, else the account's locale, else English", async () => {
    ddbMock
      .on(GetCommand)
      .resolvesOnce({ Item: { emailLanguage: 'de' } })
      .resolves({});
    const ask = (claims: Record<string, string>) => getProfile(apiEvent({ routeKey: 'GET /me/profile', claims }));
    expect(parseBody(await ask(customerClaims('u')))).toEqual({ emailLanguage: 'de' });
    expect(parseBody(await ask(customerClaims('u', { locale: 'de' })))).toEqual({ emailLanguage: 'de' });
    expect(parseBody(await ask(customerClaims('u', { locale: 'fr' })))).toEqual({ emailLanguage: 'en' });
  });

  it('stores a choice of en or de under the caller, and refuses anything else', async () => {
    ddbMock.on(PutCommand).resolves({});
    const put = (body: unknown) =>
      updateProfile(apiEvent({ routeKey: 'PUT /me/profile', body, claims: customerClaims('user-1') }));
    expect((await put({ emailLanguage: 'de' })).statusCode).toBe(200);
    expect(ddbMock.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({
      PK: 'CUSTOMER#user-1',
      SK: 'PROFILE',
      emailLanguage: 'de',
    });
    expect((await put({ emailLanguage: 'fr' })).statusCode).toBe(400);
    expect((await put({ emailLanguage: 'de', userId: 'x' })).statusCode).toBe(400);
  });
});

describe('DELETE /me', () => {
  it('detaches the orders, deletes everything under the customer, then the Cognito user by its sub', async () => {
    const steps: string[] = [];
    ddbMock.on(QueryCommand).callsFake((input: { IndexName?: string }) =>
      input.IndexName === 'GSI1'
        ? { Items: [{ PK: 'ORDER#o-1', SK: 'ORDER' }] }
        : {
            Items: [
              { PK: 'CUSTOMER#user-1', SK: 'PROFILE' },
              { PK: 'CUSTOMER#user-1', SK: 'ADDRESS#a' },
            ],
          },
    );
    ddbMock.on(UpdateCommand).callsFake(() => steps.push('detach order') && {});
    ddbMock.on(BatchWriteCommand).callsFake(() => steps.push('delete items') && {});
    cognitoMock.on(AdminDeleteUserCommand).callsFake(() => steps.push('delete user') && {});

    const res = await deleteAccount(apiEvent({ routeKey: 'DELETE /me', claims: customerClaims('user-1') }));

    expect(res.statusCode).toBe(204);
    expect(steps).toEqual(['detach order', 'delete items', 'delete user']);
    expect(ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input.UpdateExpression).toBe(
      'REMOVE userId, GSI1PK, GSI1SK',
    );
    expect(cognitoMock.commandCalls(AdminDeleteUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'eu-central-2_test',
      Username: 'user-1',
    });
  });

  it('counts a user already gone as done, so a repeated request after a failure finishes', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    cognitoMock.on(AdminDeleteUserCommand).rejects(Object.assign(new Error('gone'), { name: 'UserNotFoundException' }));
    const res = await deleteAccount(apiEvent({ routeKey: 'DELETE /me', claims: customerClaims('user-1') }));
    expect(res.statusCode).toBe(204);
  });
});
