import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvent, parseBody } from '../../../tests/fixtures/api-event';
import { expectWithinTableScope } from '../../../tests/fixtures/table-scope';
import { handler } from './send-contact-message';

const ddbMock = mockClient(DynamoDBDocumentClient);
const busMock = mockClient(EventBridgeClient);
beforeEach(() => {
  ddbMock.reset();
  busMock.reset();
});
// Whatever happens, only contact-message items are touched: what its IAM grant allows.
afterEach(() => void expectWithinTableScope('POST /contact', ddbMock));

const send = (body: unknown) => handler(apiEvent({ routeKey: 'POST /contact', body }));

describe('POST /contact', () => {
  it('stores the message, then publishes ContactMessageReceived with the same id', async () => {
    ddbMock.on(PutCommand).resolves({});
    busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e' }] });

    const res = await send({
      name: 'Lea',
      email: 'Lea@Example.ch',
      subject: 'Sizing',
      message: 'Does the coat run large?',
      locale: 'de',
    });

    expect(res.statusCode).toBe(201);
    const { id } = parseBody(res) as { id: string };
    const item = ddbMock.commandCalls(PutCommand)[0]!.args[0].input.Item!;
    expect(item).toMatchObject({ PK: `CONTACT#${id}`, GSI3PK: 'CONTACT_MESSAGES', email: 'lea@example.ch' });
    const entry = busMock.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries![0]!;
    expect(entry.DetailType).toBe('ContactMessageReceived');
    expect(JSON.parse(entry.Detail!)).toMatchObject({ version: 1, messageId: id, subject: 'Sizing', locale: 'de' });
  });

  it('answers 400 naming the field, storing and publishing nothing, for a line break in the subject or name', async () => {
    const res = await send({
      name: 'Lea\u2028Meier',
      email: 'lea@example.ch',
      subject: 'Sizing\r\nBcc: everyone@example.com',
      message: 'Breaks in the message itself are fine.\n\nThanks',
    });

    expect(res.statusCode).toBe(400);
    expect(parseBody(res)).toMatchObject({
      error: 'VALIDATION',
      details: {
        fields: [
          { field: 'name', message: 'Line breaks and control characters are not allowed' },
          { field: 'subject', message: 'Line breaks and control characters are not allowed' },
        ],
      },
    });
    expect(ddbMock.calls()).toHaveLength(0);
    expect(busMock.calls()).toHaveLength(0);
  });

  it('takes the stored message back when the bus refuses it, so a resend is not a duplicate', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    ddbMock.on(PutCommand).resolves({});
    ddbMock.on(DeleteCommand).resolves({});
    busMock.on(PutEventsCommand).rejects(new Error('bus down'));
    const res = await send({ name: 'Lea', email: 'lea@example.ch', message: 'Hello' });
    expect(res.statusCode).toBe(500);
    const put = ddbMock.commandCalls(PutCommand)[0]!.args[0].input.Item!;
    expect(ddbMock.commandCalls(DeleteCommand)[0]!.args[0].input.Key).toEqual({ PK: put.PK, SK: 'CONTACT' });
  });

  it('rejects missing required fields, naming each', async () => {
    const res = await send({ name: ' ', email: 'lea@example.ch', message: '' });
    expect(res.statusCode).toBe(400);
    const fields = (parseBody(res).details as { fields: { field: string }[] }).fields.map((f) => f.field);
    expect(fields).toEqual(['name', 'message']);
    expect(ddbMock.calls()).toHaveLength(0);
  });
});
