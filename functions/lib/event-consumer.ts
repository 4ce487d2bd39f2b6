import type { Context, EventBridgeEvent } from 'aws-lambda';
import { EVENT_TYPES, type EventDetail, type EventDetailType } from '@linea/shared/contracts/events';
import { isCorrelationId, withCorrelationId } from './correlation';
import { logger, maskedForRuntime } from './logger';
import { recordConsumerFailure } from './metrics';

/**
 * The correlation id an event arrived with (see `publish`), or, for an event published before
 * ids were carried or put on the bus by hand, its own EventBridge id.
 */
export function correlationIdOfEvent(event: Pick<EventBridgeEvent<string, unknown>, 'id' | 'detail'>): string {
  const carried = (event.detail as { metadata?: { correlationId?: unknown } } | null | undefined)?.metadata
    ?.correlationId;
  return isCorrelationId(carried) ? carried : event.id;
}

/**
 * Builds an EventBridge consumer: the detail is parsed with its contract, then handed on, with the
 * correlation id of the request that caused the event on every log line, event and email it leads
 * to. Errors are logged, counted and thrown again (masked: the runtime logs them past our
 * formatter), so EventBridge retries and finally dead-letters the event.
 */
export function eventConsumer<T extends EventDetailType>(
  detailType: T,
  run: (detail: EventDetail<T>, event: EventBridgeEvent<T, unknown>) => Promise<void>,
): (event: EventBridgeEvent<T, unknown>, context?: Pick<Context, 'functionName'>) => Promise<void> {
  const consume = async (event: EventBridgeEvent<T, unknown>): Promise<void> => {
    try {
      if (event['detail-type'] !== detailType) {
        throw new Error(`Consumer for ${detailType} received ${event['detail-type']}`);
      }
      const detail = EVENT_TYPES[detailType].parse(event.detail) as EventDetail<T>;
      await run(detail, event);
    } catch (err) {
      logger.error('Event consumer failed; EventBridge retries the event', { err, detailType, eventId: event.id });
      recordConsumerFailure();
      throw maskedForRuntime(err);
    }
  };
  return (event, context) =>
    withCorrelationId(correlationIdOfEvent(event), () => consume(event), context?.functionName);
}
