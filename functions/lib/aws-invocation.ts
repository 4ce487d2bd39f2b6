import type { Context } from 'aws-lambda';
import { withCorrelationId } from './correlation';
import { maskedForRuntime } from './logger';

/**
 * A handler that AWS calls for its own reasons (a Cognito trigger, an SNS notification) rather
 * than for a request or an event of ours: its log lines carry Lambda's request id as their
 * correlation id, which is the id of the runtime's own lines for the invocation, and what it
 * throws is masked before the runtime logs it (see maskedForRuntime).
 */
export function awsInvocation<E, R>(
  run: (event: E) => Promise<R>,
): (event: E, context?: Pick<Context, 'awsRequestId' | 'functionName'>) => Promise<R> {
  return (event, context) =>
    withCorrelationId(
      context?.awsRequestId ?? 'no-lambda-context',
      async () => {
        try {
          return await run(event);
        } catch (err) {
          throw maskedForRuntime(err);
        }
      },
      context?.functionName,
    );
}
