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

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
