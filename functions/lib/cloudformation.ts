import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { logger } from './logger';

export function isCloudFormationEvent(event: unknown): event is CloudFormationCustomResourceEvent {
  return (
    typeof event === 'object' &&
    event !== null &&
    'RequestType' in event &&
    'ResponseURL' in event &&
    typeof (event as { ResponseURL: unknown }).ResponseURL === 'string'
  );
}

/**
 * Runs a custom resource's work on Create and Update (Delete has nothing to undo) and always
 * answers CloudFormation at the event's presigned URL: without an answer a stack waits an hour.
 * A failure is answered FAILED, so the deploy stops and rolls back instead of going on without
 * the work.
 */
export async function answerCloudFormation(
  event: CloudFormationCustomResourceEvent,
  work: () => Promise<unknown>,
): Promise<void> {
  const physicalResourceId =
    event.RequestType === 'Create' ? `${event.LogicalResourceId}-${event.RequestId}` : event.PhysicalResourceId;
  let status: 'SUCCESS' | 'FAILED' = 'SUCCESS';
  let reason = 'done';
  try {
    if (event.RequestType !== 'Delete') await work();
  } catch (error) {
    status = 'FAILED';
    reason = error instanceof Error ? error.message : String(error);
    logger.error('custom resource failed', { requestType: event.RequestType, error });
  }
  const response = await fetch(event.ResponseURL, {
    method: 'PUT',
    // The presigned URL was signed for no content type.
    headers: { 'content-type': '' },
    body: JSON.stringify({
      Status: status,
      Reason: reason.slice(0, 1000),
      PhysicalResourceId: physicalResourceId,
      StackId: event.StackId,
      RequestId: event.RequestId,
      LogicalResourceId: event.LogicalResourceId,
    }),
  });
  if (!response.ok) throw new Error(`CloudFormation refused the answer: ${response.status}`);
}
