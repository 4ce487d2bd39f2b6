/** What DynamoDB transactions share: reading why one was cancelled, and retrying conflicts. */

export interface CancellationReason {
  Code?: string;
}

/** The per-item reasons of a cancelled transaction; undefined for any other error. */
export function cancellationReasons(err: unknown): CancellationReason[] | undefined {
  if ((err as Error)?.name !== 'TransactionCanceledException') return undefined;
  return (err as { CancellationReasons?: CancellationReason[] }).CancellationReasons ?? [];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Transactions on the same items conflict under load; such a cancellation is tried again. */
const MAX_CONFLICT_RETRIES = 8;

/** Runs `attempt`, again with jittered backoff while it is cancelled by conflicts alone. */
export async function withConflictRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt();
    } catch (err) {
      const reasons = cancellationReasons(err);
      const conflictOnly =
        reasons !== undefined &&
        reasons.some((r) => r.Code === 'TransactionConflict') &&
        !reasons.some((r) => r.Code === 'ConditionalCheckFailed');
      if (!conflictOnly || retry >= MAX_CONFLICT_RETRIES) throw err;
      await sleep(Math.random() * 20 * 2 ** retry);
    }
  }
}
