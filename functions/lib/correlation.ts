/**
 * The correlation id of the invocation being served: set by the HTTP and event wrappers, read by
 * the logger, by `publish` (which hands it on in the event's metadata) and by `sendEmail`.
 *
 * Held in AsyncLocalStorage rather than as a key on the shared logger: the local stand-ins run
 * many invocations of one module in one process at once, and Lambda's multi-concurrency mode may
 * too, so state on a module-level object would leak from one request into another's lines. The
 * scope ends with the invocation, so nothing needs resetting.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { CORRELATION_ID_PATTERN } from '@linea/shared/contracts/correlation-id';

interface InvocationScope {
  readonly correlationId: string;
  /** Lambda's name for the function (locally the handler module), when the runtime gave a context. */
  readonly functionName?: string;
}

const scope = new AsyncLocalStorage<InvocationScope>();

/** Runs `work` with `correlationId` as the id of everything it logs, publishes and sends. */
export function withCorrelationId<T>(correlationId: string, work: () => Promise<T>, functionName?: string): Promise<T> {
  return scope.run({ correlationId, ...(functionName ? { functionName } : {}) }, work);
}

/** The id of the invocation being served; undefined outside one (start-up, scripts). */
export function currentCorrelationId(): string | undefined {
  return scope.getStore()?.correlationId;
}

export function currentFunctionName(): string | undefined {
  return scope.getStore()?.functionName;
}

/** Whether a value another party sent may serve as a correlation id. */
export function isCorrelationId(value: unknown): value is string {
  return typeof value === 'string' && CORRELATION_ID_PATTERN.test(value);
}
