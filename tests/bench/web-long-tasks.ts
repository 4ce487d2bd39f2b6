/**
 * Where a page's main-thread time goes, from one Lighthouse report: its longest tasks (the
 * `long-tasks` audit, with simulated durations under simulated throttling) with the script each
 * is attributed to, and that script's whole main-thread time on the page (`bootup-time`).
 *
 * "Unattributable" is Lighthouse's word for a task with no script URL anywhere in its trace
 * events: module evaluation, a script evaluated without a URL, or the browser's own work.
 */
import type { Result } from 'lighthouse';

export interface LongTask {
  readonly startMs: number;
  readonly durationMs: number;
  /** The script Lighthouse attributes the task to, or its word for none ("Unattributable", "Browser"). */
  readonly script: string;
}

type Row = Record<string, unknown>;

function detailRows(lhr: Result, auditId: string): Row[] {
  const details = lhr.audits[auditId]?.details as { items?: unknown } | undefined;
  return Array.isArray(details?.items) ? (details.items as Row[]) : [];
}

const numberOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** The `count` longest main-thread tasks of the run, longest first. */
export function longestTasks(lhr: Result, count: number): LongTask[] {
  return detailRows(lhr, 'long-tasks')
    .map((row) => ({
      startMs: numberOr(row.startTime, Number.NaN),
      durationMs: numberOr(row.duration, 0),
      script: typeof row.url === 'string' ? row.url : 'Unattributable',
    }))
    .sort((a, b) => b.durationMs - a.durationMs)
    .slice(0, count);
}

/** Main-thread time per script in ms (only scripts over Lighthouse's 50 ms threshold are listed). */
export function scriptTimes(lhr: Result): Map<string, number> {
  return new Map(
    detailRows(lhr, 'bootup-time')
      .filter((row) => typeof row.url === 'string')
      .map((row) => [row.url as string, numberOr(row.total, 0)]),
  );
}

/** A script as short as still tells it apart: its path on the shop's origin, else the URL. */
export function shortScript(url: string, origin: string): string {
  // Lighthouse's own page functions run during the trace and show up like a page's script.
  if (url.startsWith('_lighthouse')) return `${url} (Lighthouse's own)`;
  if (!url.startsWith(`${origin}/`)) return url;
  return url.slice(origin.length);
}

/** A compact table of the page's longest tasks, indented for the bench's output. */
export function longTasksTable(lhr: Result, count: number, origin: string): string[] {
  const tasks = longestTasks(lhr, count);
  if (tasks.length === 0) return ['  (no task of 50 ms or more)'];
  const times = scriptTimes(lhr);
  const scriptWidth = Math.max(6, ...tasks.map((t) => shortScript(t.script, origin).length));
  return [
    `  ${'start'.padStart(8)}${'task'.padStart(9)}  ${'script'.padEnd(scriptWidth)}${'script total'.padStart(14)}`,
    ...tasks.map((task) => {
      const total = times.get(task.script);
      const start = Number.isFinite(task.startMs) ? `${Math.round(task.startMs)} ms` : 'n/a';
      return (
        `  ${start.padStart(8)}${`${Math.round(task.durationMs)} ms`.padStart(9)}  ` +
        `${shortScript(task.script, origin).padEnd(scriptWidth)}${(total === undefined ? '' : `${Math.round(total)} ms`).padStart(14)}`
      );
    }),
  ];
}
