import { readFileSync } from 'node:fs';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SNSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler } from './handle-email-feedback';

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  ddbMock.reset();
  ddbMock.on(UpdateCommand).resolves({});
});

/** SES's records as a configuration set's event destination publishes them (AWS's examples, our addresses). */
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../tests/fixtures/events/${name}`, import.meta.url), 'utf8'));

/** What Lambda gets from the SNS subscription: the record as the message's text. */
function snsEvent(message: unknown): SNSEvent {
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: 'arn:aws:sns:eu-central-2:123456789012:feedback:1',
        Sns: {
          Type: 'Notification',
          MessageId: 'sns-1',
          TopicArn: 'arn:aws:sns:eu-central-2:123456789012:feedback',
          Message: typeof message === 'string' ? message : JSON.stringify(message),
          Timestamp: '2026-11-26T10:41:03.000Z',
          SignatureVersion: '1',
          Signature: 'x',
          SigningCertUrl: 'https://sns.example/cert.pem',
          UnsubscribeUrl: 'https://sns.example/unsubscribe',
          MessageAttributes: {},
        },
      },
    ],
  };
}

const conditionFailed = () => Object.assign(new Error('failed'), { name: 'ConditionalCheckFailedException' });
const updates = () => ddbMock.commandCalls(UpdateCommand).map((call) => call.args[0].input);

describe('handle-email-feedback', () => {
  it('deactivates the recipient of a permanent bounce, with SES’s time and feedback id, once', async () => {
    // Act
    await handler(snsEvent(fixture('ses-bounce.json')));

    // Assert
    expect(updates()).toHaveLength(1);
    const input = updates()[0]!;
    expect(input.Key).toEqual({ PK: 'SUBSCRIBER#lea@example.ch', SK: 'SUBSCRIBER' });
    expect(input.ExpressionAttributeValues).toEqual({
      ':inactive': false,
      ':reason': 'bounced',
      ':at': '2026-11-26T10:41:02.669Z',
      ':feedbackId': '01000157c44f053b-61b59c11-9236-11e6-8f96-7be8aexample-000000',
    });
    expect(input.UpdateExpression).toContain('REMOVE confirmToken');
    expect(input.ConditionExpression).toBe('attribute_exists(PK) AND attribute_not_exists(deactivatedBecause)');
  });

  it.each(['Transient', 'Undetermined'])('logs a %s bounce and leaves the subscriber as it is', async (bounceType) => {
    const record = fixture('ses-bounce.json');
    const message = { ...record, bounce: { ...(record.bounce as object), bounceType, bounceSubType: 'MailboxFull' } };

    await handler(snsEvent(message));

    expect(updates()).toHaveLength(0);
  });

  it('deactivates the recipient of a complaint', async () => {
    await handler(snsEvent(fixture('ses-complaint.json')));

    expect(updates()).toHaveLength(1);
    expect(updates()[0]).toMatchObject({
      Key: { PK: 'SUBSCRIBER#max@example.ch', SK: 'SUBSCRIBER' },
      ExpressionAttributeValues: { ':reason': 'complained', ':at': '2026-11-26T11:02:13.000Z' },
    });
  });

  it('reads SES’s per-identity notifications too (notificationType instead of eventType)', async () => {
    const { eventType: _eventType, ...record } = fixture('ses-complaint.json');

    await handler(snsEvent({ notificationType: 'Complaint', ...record }));

    expect(updates()).toHaveLength(1);
  });

  it('succeeds without a change for an address that is no subscriber, or one deactivated already (redelivery)', async () => {
    ddbMock.on(UpdateCommand).rejects(conditionFailed());

    await expect(handler(snsEvent(fixture('ses-bounce.json')))).resolves.toBeUndefined();
    await expect(handler(snsEvent(fixture('ses-bounce.json')))).resolves.toBeUndefined();

    expect(updates()).toHaveLength(2);
  });

  it.each([
    ['a message that is not JSON', 'not json'],
    ['another event type', { ...fixture('ses-bounce.json'), eventType: 'Delivery' }],
    ['a bounce without recipients', { ...fixture('ses-bounce.json'), bounce: { bounceType: 'Permanent' } }],
    [
      'a recipient that is no address',
      {
        ...fixture('ses-complaint.json'),
        complaint: { complainedRecipients: [{ emailAddress: 'nobody' }], timestamp: 't', feedbackId: 'f' },
      },
    ],
  ])('throws on %s, so Lambda retries it and then dead-letters it', async (_name, message) => {
    await expect(handler(snsEvent(message))).rejects.toThrow();
    expect(updates()).toHaveLength(0);
  });

  it('throws on an event that is not from SNS', async () => {
    await expect(handler({ Records: [] } as SNSEvent)).rejects.toThrow();
  });

  it('throws when the table fails, so the feedback is retried rather than lost', async () => {
    ddbMock.on(UpdateCommand).rejects(new Error('ProvisionedThroughputExceededException'));

    await expect(handler(snsEvent(fixture('ses-complaint.json')))).rejects.toThrow('ProvisionedThroughputExceeded');
  });
});
