import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminClaims, apiEvent, customerClaims, parseBody } from '../../../tests/fixtures/api-event';
import { handler as unsubscribe } from '../newsletter/unsubscribe';
import { handler as createNewsletter } from './create-newsletter';
import { handler as listNewsletters } from './list-newsletters';
import { handler as listSubscribers } from './list-subscribers';
import { handler as sendNewsletter } from './send-newsletter';

const ddbMock = mockClient(DynamoDBDocumentClient);
const busMock = mockClient(EventBridgeClient);
beforeEach(() => {
  ddbMock.reset();
  busMock.reset();
});

const ID = '6a1f3c2e-0b4d-4e2a-9c1f-5d7e8a9b0c1d';
const TOKEN = 'Zx9-unsubscribe-token-of-lea-0123456789';

/** A newsletter as the table stores it. */
function storedNewsletter(overrides: Record<string, unknown> = {}) {
  return {
    PK: `NEWSLETTER#${ID}`,
    SK: 'NEWSLETTER',
    GSI3PK: 'NEWSLETTERS',
    GSI3SK: '2026-11-20T09:00:00.000Z',
    entity: 'Newsletter',
    schemaVersion: 1,
    id: ID,
    title: 'Winter collection',
    subject: 'The winter collection is here',
    content: 'Wool coats.',
    createdAt: '2026-11-20T09:00:00.000Z',
    status: 'draft',
    sentCount: 0,
    ...overrides,
  };
}

/** Claims `null`: no token at all. */
type Claims = Record<string, string> | null;
const create = (body: unknown, claims: Claims = adminClaims()) =>
  createNewsletter(apiEvent({ routeKey: 'POST /admin/newsletters', body, claims: claims ?? undefined }));
const send = (body: unknown, claims: Claims = adminClaims(), id = ID) =>
  sendNewsletter(
    apiEvent({
      routeKey: 'POST /admin/newsletters/{id}/send',
      pathParameters: { id },
      body,
      claims: claims ?? undefined,
    }),
  );
const postUnsubscribe = (body: unknown) => unsubscribe(apiEvent({ routeKey: 'POST /newsletter/unsubscribe', body }));

const newsletter = { title: 'Winter collection', subject: 'The winter collection is here', content: 'Wool coats.' };

describe('admin newsletter routes', () => {
  it('answer 401 without a token and 403 to a customer on every route, touching nothing', async () => {
    for (const claims of [null, customerClaims()]) {
      const expected = claims ? 403 : 401;
      const event = (routeKey: string) => apiEvent({ routeKey, claims: claims ?? undefined });
      expect((await listNewsletters(event('GET /admin/newsletters'))).statusCode).toBe(expected);
      expect((await create(newsletter, claims)).statusCode).toBe(expected);
      expect((await send({ fromEmail: 'editor@linea.test' }, claims)).statusCode).toBe(expected);
      expect((await listSubscribers(event('GET /admin/subscribers'))).statusCode).toBe(expected);
    }
    expect(ddbMock.calls()).toHaveLength(0);
    expect(busMock.calls()).toHaveLength(0);
  });

  describe('POST /admin/newsletters', () => {
    it('answers 201 with the draft, written with its audit entry in one transaction', async () => {
      // Arrange
      ddbMock.on(TransactWriteCommand).resolves({});

      // Act
      const res = await create({ ...newsletter, title: '  Winter collection  ' });

      // Assert
      expect(res.statusCode).toBe(201);
      const dto = parseBody(res);
      expect(dto).toMatchObject({ ...newsletter, status: 'draft', sentCount: 0, id: expect.any(String) });
      expect(dto).not.toHaveProperty('cursor');
      const [put, audit] = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
      expect(put!.Put).toMatchObject({
        TableName: 'test-table',
        ConditionExpression: 'attribute_not_exists(PK)',
        Item: {
          PK: `NEWSLETTER#${String(dto.id)}`,
          SK: 'NEWSLETTER',
          GSI3PK: 'NEWSLETTERS',
          GSI3SK: dto.createdAt,
          entity: 'Newsletter',
          ...newsletter,
          status: 'draft',
          sentCount: 0,
        },
      });
      expect(audit!.Put).toMatchObject({
        TableName: 'test-table',
        Item: {
          action: 'CREATE',
          tableName: 'newsletters',
          recordId: dto.id,
          actorId: 'admin-1',
          actorEmail: 'admin@linea.test',
        },
      });
      expect(JSON.parse(String(audit!.Put!.Item!.after))).toMatchObject({ ...newsletter, status: 'draft' });
    });

    it('answers 400 naming a missing title, reading nothing', async () => {
      const res = await create({ subject: newsletter.subject, content: newsletter.content });
      expect(res.statusCode).toBe(400);
      expect(parseBody(res)).toMatchObject({
        error: 'VALIDATION',
        details: { fields: [expect.objectContaining({ field: 'title' })] },
      });
      expect(ddbMock.calls()).toHaveLength(0);
    });

    it('answers 400 naming a blank content and an unknown field', async () => {
      const blank = await create({ ...newsletter, content: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(parseBody(blank)).toMatchObject({ details: { fields: [{ field: 'content', message: 'Required' }] } });

      const unknown = await create({ ...newsletter, sendAt: '2026-12-01' });
      expect(unknown.statusCode).toBe(400);
      expect(parseBody(unknown)).toMatchObject({
        error: 'VALIDATION',
        details: { fields: [{ field: 'sendAt', message: 'Unknown field' }] },
      });
      expect(ddbMock.calls()).toHaveLength(0);
    });
  });

  describe('GET /admin/newsletters', () => {
    it('lists the newest first from GSI3, without the send state', async () => {
      ddbMock.on(QueryCommand).resolves({
        Items: [
          storedNewsletter({
            status: 'sending',
            fromEmail: 'editor@linea.test',
            sentCount: 40,
            cursor: { PK: 'SUBSCRIBER#x', SK: 'SUBSCRIBER' },
            leaseId: 'run-1',
            leaseUntil: '2026-11-21T10:00:35.000Z',
            sendStartedAt: '2026-11-21T10:00:00.000Z',
          }),
        ],
      });
      const res = await listNewsletters(apiEvent({ routeKey: 'GET /admin/newsletters', claims: adminClaims() }));
      expect(res.statusCode).toBe(200);
      const [item] = parseBody(res).items as Record<string, unknown>[];
      expect(item).toEqual({
        id: ID,
        title: 'Winter collection',
        subject: 'The winter collection is here',
        content: 'Wool coats.',
        createdAt: '2026-11-20T09:00:00.000Z',
        status: 'sending',
        fromEmail: 'editor@linea.test',
        sentCount: 40,
      });
      expect(ddbMock.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
        IndexName: 'GSI3',
        ScanIndexForward: false,
        ExpressionAttributeValues: { ':pk': 'NEWSLETTERS' },
      });
    });
  });

  describe('POST /admin/newsletters/{id}/send', () => {
    it('answers 202, moves the draft to sending with an audit UPDATE, and publishes NewsletterSendRequested', async () => {
      // Arrange
      ddbMock.on(GetCommand).resolves({ Item: storedNewsletter() });
      ddbMock.on(TransactWriteCommand).resolves({});
      busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e1' }] });

      // Act
      const res = await send({ fromEmail: ' Editor@Linea.test ' });

      // Assert
      expect(res.statusCode).toBe(202);
      expect(parseBody(res)).toMatchObject({ id: ID, status: 'sending', fromEmail: 'editor@linea.test' });
      const [update, audit] = ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
      expect(update!.Update).toMatchObject({
        TableName: 'test-table',
        Key: { PK: `NEWSLETTER#${ID}`, SK: 'NEWSLETTER' },
        ConditionExpression: '#status = :draft',
        ExpressionAttributeValues: expect.objectContaining({ ':sending': 'sending', ':from': 'editor@linea.test' }),
      });
      expect(audit!.Put!.Item).toMatchObject({ action: 'UPDATE', tableName: 'newsletters', recordId: ID });
      const entries = busMock.commandCalls(PutEventsCommand).map((call) => call.args[0].input.Entries![0]!);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        EventBusName: 'test-bus',
        Source: 'linea.shop',
        DetailType: 'NewsletterSendRequested',
      });
      expect(JSON.parse(entries[0]!.Detail!)).toMatchObject({ version: 1, newsletterId: ID });
    });

    it('asked again while sending, changes nothing but asks the sender to resume; once sent, does neither', async () => {
      busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e1' }] });
      ddbMock.on(GetCommand).resolves({ Item: storedNewsletter({ status: 'sending', fromEmail: 'a@linea.test' }) });
      const again = await send({ fromEmail: 'editor@linea.test' });
      expect(again.statusCode).toBe(202);
      expect(parseBody(again)).toMatchObject({ status: 'sending', fromEmail: 'a@linea.test' });
      expect(busMock.commandCalls(PutEventsCommand)).toHaveLength(1);

      ddbMock.on(GetCommand).resolves({
        Item: storedNewsletter({ status: 'sent', sentAt: '2026-11-21T10:05:00.000Z', recipientCount: 3 }),
      });
      const done = await send({ fromEmail: 'editor@linea.test' });
      expect(done.statusCode).toBe(202);
      expect(parseBody(done)).toMatchObject({ status: 'sent', recipientCount: 3 });
      expect(busMock.commandCalls(PutEventsCommand)).toHaveLength(1);
      expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    });

    it('answers 400 naming fromEmail when it is missing or not an address, touching nothing', async () => {
      for (const body of [{}, { fromEmail: 'not-an-address' }]) {
        const res = await send(body);
        expect(res.statusCode).toBe(400);
        expect(parseBody(res)).toMatchObject({
          error: 'VALIDATION',
          details: { fields: [expect.objectContaining({ field: 'fromEmail' })] },
        });
      }
      expect(ddbMock.calls()).toHaveLength(0);
      expect(busMock.calls()).toHaveLength(0);
    });

    it('answers 404 for an unknown newsletter and publishes nothing', async () => {
      ddbMock.on(GetCommand).resolves({});
      const res = await send({ fromEmail: 'editor@linea.test' }, adminClaims(), 'no-such-newsletter');
      expect(res.statusCode).toBe(404);
      expect(parseBody(res)).toMatchObject({ error: 'NOT_FOUND' });
      expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
      expect(busMock.calls()).toHaveLength(0);
    });
  });

  describe('GET /admin/subscribers', () => {
    it('answers the 10 newest active subscribers and how many are active', async () => {
      const item = (n: number) => ({
        email: `reader-${n}@example.ch`,
        locale: 'de',
        isActive: true,
        subscribedAt: `2026-11-${String(10 + n).padStart(2, '0')}T10:00:00.000Z`,
      });
      ddbMock
        .on(QueryCommand)
        .resolvesOnce({
          Items: Array.from({ length: 8 }, (_, i) => item(20 - i)),
          LastEvaluatedKey: { PK: 'x', SK: 'SUBSCRIBER', GSI3PK: 'SUBSCRIBERS', GSI3SK: '2026' },
        })
        .resolves({ Items: Array.from({ length: 6 }, (_, i) => item(12 - i)) });

      const res = await listSubscribers(apiEvent({ routeKey: 'GET /admin/subscribers', claims: adminClaims() }));

      expect(res.statusCode).toBe(200);
      const body = parseBody(res) as { items: Record<string, unknown>[]; activeCount: number };
      expect(body.activeCount).toBe(14);
      expect(body.items.map((s) => s.email)).toEqual(
        [20, 19, 18, 17, 16, 15, 14, 13, 12, 11].map((n) => `reader-${n}@example.ch`),
      );
      // Never the unsubscribe token.
      expect(Object.keys(body.items[0]!).sort()).toEqual(['email', 'locale', 'subscribedAt']);
      const query = ddbMock.commandCalls(QueryCommand)[0]!.args[0].input;
      expect(query).toMatchObject({
        IndexName: 'GSI3',
        ScanIndexForward: false,
        FilterExpression: 'isActive = :active',
      });
      expect(query.ProjectionExpression).not.toContain('unsubscribeToken');
    });
  });
});

describe('POST /newsletter/unsubscribe', () => {
  const subscriber = {
    PK: 'SUBSCRIBER#lea@example.ch',
    SK: 'SUBSCRIBER',
    email: 'lea@example.ch',
    locale: 'de',
    isActive: true,
    subscribedAt: '2026-11-01T10:00:00.000Z',
    unsubscribeToken: TOKEN,
  };

  it('answers 404 to a wrong token and unsubscribes nobody', async () => {
    ddbMock.on(GetCommand).resolves({ Item: subscriber });
    const res = await postUnsubscribe({ email: 'lea@example.ch', token: `${TOKEN.slice(0, -1)}X` });
    expect(res.statusCode).toBe(404);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers an unknown address the same 404', async () => {
    ddbMock.on(GetCommand).resolves({});
    const res = await postUnsubscribe({ email: 'nobody@example.ch', token: TOKEN });
    expect(res.statusCode).toBe(404);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers 200 to the right token and sets isActive false, guarded by the token', async () => {
    ddbMock.on(GetCommand).resolves({ Item: subscriber });
    ddbMock.on(UpdateCommand).resolves({});

    const res = await postUnsubscribe({ email: 'Lea@Example.ch', token: TOKEN });

    expect(res.statusCode).toBe(200);
    expect(parseBody(res)).toMatchObject({ email: 'lea@example.ch', unsubscribed: true });
    expect(ddbMock.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual({
      PK: 'SUBSCRIBER#lea@example.ch',
      SK: 'SUBSCRIBER',
    });
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update).toMatchObject({
      TableName: 'test-table',
      Key: { PK: 'SUBSCRIBER#lea@example.ch', SK: 'SUBSCRIBER' },
      ConditionExpression: 'unsubscribeToken = :token',
    });
    expect(update.UpdateExpression).toContain('isActive = :inactive');
    expect(update.ExpressionAttributeValues).toMatchObject({ ':inactive': false, ':token': TOKEN });
  });

  it('answers 200 again to a second click, writing nothing more', async () => {
    ddbMock.on(GetCommand).resolves({ Item: { ...subscriber, isActive: false } });
    const res = await postUnsubscribe({ email: 'lea@example.ch', token: TOKEN });
    expect(res.statusCode).toBe(200);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers 400 to a token too short to be one, reading nothing', async () => {
    const res = await postUnsubscribe({ email: 'lea@example.ch', token: 'short' });
    expect(res.statusCode).toBe(400);
    expect(parseBody(res)).toMatchObject({ details: { fields: [expect.objectContaining({ field: 'token' })] } });
    expect(ddbMock.calls()).toHaveLength(0);
  });
});
