/**
 * `npm run typecheck`: every workspace's tsconfig, checked by its own tsc. Each tsc is one
 * single-threaded process, so they run side by side, one per core, the largest first: on CI's
 * two cores that halves the wait. Each project's output is printed whole once it ends, so two
 * projects' errors never interleave.
 *
 *   npx tsx tests/typecheck.ts [project…]   (default: all of them)
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { REPO_ROOT } from '../infra/local/paths';

/** Largest program first, so the last to start is a short one. */
const PROJECTS = ['tests', 'web', 'functions', 'infra', 'shared'] as const;

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

interface Outcome {
  readonly project: string;
  readonly ok: boolean;
  readonly seconds: number;
}

function check(project: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--pretty'], { cwd: REPO_ROOT });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const done = (ok: boolean) => {
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} tsc -p ${project} (${seconds.toFixed(1)} s)\n${output}`);
      resolve({ project, ok, seconds });
    };
    child.on('error', (error) => {
      output += `${error.message}\n`;
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(PROJECTS as readonly string[]).includes(name));
if (unknown.length) {
  console.error(`Unknown project(s): ${unknown.join(', ')}; known: ${PROJECTS.join(', ')}`);
  process.exit(2);
}
const queue: string[] = requested.length ? PROJECTS.filter((name) => requested.includes(name)) : [...PROJECTS];
const outcomes: Outcome[] = [];
const worker = async (): Promise<void> => {
  for (let project = queue.shift(); project; project = queue.shift()) outcomes.push(await check(project));
};
await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), queue.length)) }, worker));

const failed = outcomes.filter((outcome) => !outcome.ok);
if (failed.length) {
  console.error(`Type errors in ${failed.map((outcome) => outcome.project).join(', ')}`);
  process.exit(1);
}
