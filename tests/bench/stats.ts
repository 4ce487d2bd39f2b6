/** Nearest-rank percentile of latencies in milliseconds. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

export interface LatencySummary {
  readonly p50: number;
  readonly p99: number;
  readonly perSecond: number;
  readonly count: number;
  readonly failures: number;
}

export const ms = (value: number): string => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
