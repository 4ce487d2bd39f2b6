import type { EventBridgeEvent } from 'aws-lambda';
import { EVENT_TYPES, type EventDetail, type EventDetailType } from '@linea/shared/contracts/events';

/**
 * Builds an EventBridge consumer: the detail is parsed with its contract, then handed on.
 * Errors are never caught here, so EventBridge retries and finally dead-letters the event.
 */
export function eventConsumer<T extends EventDetailType>(
  detailType: T,
  run: (detail: EventDetail<T>, event: EventBridgeEvent<T, unknown>) => Promise<void>,
): (event: EventBridgeEvent<T, unknown>) => Promise<void> {
  return async (event) => {
    if (event['detail-type'] !== detailType) {
      throw new Error(`Consumer for ${detailType} received ${event['detail-type']}`);
    }
    const detail = EVENT_TYPES[detailType].parse(event.detail) as EventDetail<T>;
    await run(detail, event);
  };
}
