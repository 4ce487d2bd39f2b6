/**
 * When each part of a local cloud's start began and ended, from the start's beginning: what a
 * slow start spends its time on. Parts run in parallel, so the spans overlap; the one that ends
 * last before the servers open is what the start waits for.
 */
export interface StartupSpan {
  readonly name: string;
  readonly fromMs: number;
  readonly toMs: number;
}

export class StartupTimeline {
  private readonly origin: number;
  private readonly recorded: StartupSpan[] = [];

  constructor(origin = performance.now()) {
    this.origin = origin;
  }

  /** Runs `work` now and records its span under `name` once it settles. */
  time<T>(name: string, work: () => Promise<T>): Promise<T> {
    const fromMs = this.elapsed();
    const record = (): void => {
      this.recorded.push({ name, fromMs, toMs: this.elapsed() });
    };
    return work().then(
      (value) => {
        record();
        return value;
      },
      (err: unknown) => {
        record();
        throw err;
      },
    );
  }

  elapsed(): number {
    return Math.round(performance.now() - this.origin);
  }

  /** In the order they ended. */
  spans(): readonly StartupSpan[] {
    return [...this.recorded].sort((a, b) => a.toMs - b.toMs);
  }
}

/** `dynamodb 0.1-6.2 s, seed 6.2-9.0 s, ...`: one line for the launcher's output. */
export function formatSpans(spans: readonly StartupSpan[]): string {
  const s = (ms: number): string => (ms / 1000).toFixed(1);
  return spans.map((span) => `${span.name} ${s(span.fromMs)}-${s(span.toMs)} s`).join(', ');
}
