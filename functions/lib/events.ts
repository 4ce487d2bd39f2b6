import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { EVENT_SOURCE, EVENT_TYPES, type EventDetail, type EventDetailType } from '@linea/shared/contracts/events';
import { eventBridge } from './clients/eventbridge';
import { config } from './config';
import { currentCorrelationId } from './correlation';

/**
 * Publishes one domain event. The detail is checked against its contract before it leaves, and
 * a partial failure (FailedEntryCount) is an error, not a silently lost event. The invocation's
 * correlation id travels in the detail's `metadata`, where `eventConsumer` picks it up.
 */
export async function publish<T extends EventDetailType>(detailType: T, detail: EventDetail<T>): Promise<void> {
  const correlationId = currentCorrelationId();
  const checked = EVENT_TYPES[detailType].parse(
    correlationId ? { ...detail, metadata: { ...detail.metadata, correlationId } } : detail,
  );
  const result = await eventBridge.send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: config().eventBusName,
          Source: EVENT_SOURCE,
          DetailType: detailType,
          Detail: JSON.stringify(checked),
        },
      ],
    }),
  );
  if (result.FailedEntryCount) {
    const entry = result.Entries?.[0];
    throw new Error(`PutEvents rejected ${detailType}: ${entry?.ErrorCode ?? 'unknown'} ${entry?.ErrorMessage ?? ''}`);
  }
}
