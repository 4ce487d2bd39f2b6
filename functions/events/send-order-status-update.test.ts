import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderStatusChangedV1 } from '@linea/shared/contracts/events';
import { eventBridgeEvent } from '../../tests/fixtures/api-event';
import { expectWithinRuleScope } from '../../tests/fixtures/table-scope';
import { anOrder, storedOrderItem } from '../../tests/fixtures/orders';
import { handler } from './send-order-status-update';

const ddbMock = mockClient(DynamoDBDocumentClient);
// Whatever happens, only the partitions its IAM grant allows are touched (rules.ts).
afterEach(() => void expectWithinRuleScope('OrderStatusUpdateEmail', ddbMock));
const sesMock = mockClient(SESClient);
beforeEach(() => {
  ddbMock.reset();
  sesMock.reset();
});

const order = anOrder({ id: 'f00dfeed-0000-4000-8000-00000000abcd', status: 'shipped', firstName: 'Lea' });
const change: OrderStatusChangedV1 = {
  version: 1,
  orderId: order.id,
  from: 'processing',
  to: 'shipped',
  reason: 'admin_update',
  email: order.email,
  locale: 'de',
  changedAt: '2026-11-23T08:00:00.000Z',
  message: 'Mit <Liebe> verpackt.',
  carrier: 'DHL',
  trackingNumber: 'JD0123',
  trackingUrl: 'https://www.dhl.com/ch-en/home/tracking.html?tracking-id=JD0123',
};
const run = (detail: unknown) => handler(eventBridgeEvent('OrderStatusChanged', detail));

function sentMail() {
  const input = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input;
  return {
    to: input.Destination?.ToAddresses,
    subject: input.Message?.Subject?.Data,
    html: input.Message?.Body?.Html?.Data ?? '',
    text: input.Message?.Body?.Text?.Data ?? '',
  };
}

describe('send-order-status-update', () => {
  it("mails the admin's update in the order's language: status, the note escaped, carrier and tracking link, once claimed", async () => {
    ddbMock.on(GetCommand).resolves({ Item: storedOrderItem(order) });
    ddbMock.on(PutCommand).resolves({});
    ddbMock.on(UpdateCommand).resolves({});
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm-1' });

    await run(change);

    const mail = sentMail();
    expect(mail.to).toEqual([order.email]);
    expect(mail.subject).toBe('Ihre LINEA-Bestellung 0000ABCD: Versandt');
    expect(mail.text).toContain('Ihr Paket ist mit DHL unterwegs, Sendungsnummer JD0123.');
    expect(mail.html).toContain('Mit &lt;Liebe&gt; verpackt.');
    expect(mail.html).toContain('href="https://www.dhl.com/ch-en/home/tracking.html?tracking-id=JD0123"');
    expect(ddbMock.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({
      PK: `ORDER#${order.id}`,
      SK: `EMAIL#status#${change.changedAt}`,
    });
  });

  it('sends nothing for payment changes, and nothing twice for a redelivered update', async () => {
    await run({ ...change, reason: 'payment_succeeded' });
    expect(ddbMock.calls()).toHaveLength(0);

    ddbMock
      .on(GetCommand, { Key: { PK: `ORDER#${order.id}`, SK: 'ORDER' } })
      .resolves({ Item: storedOrderItem(order) });
    ddbMock.on(PutCommand).rejects(Object.assign(new Error('exists'), { name: 'ConditionalCheckFailedException' }));
    ddbMock
      .on(GetCommand, { Key: { PK: `ORDER#${order.id}`, SK: `EMAIL#status#${change.changedAt}` } })
      .resolves({ Item: { state: 'sent' } });
    await run(change);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });
});
