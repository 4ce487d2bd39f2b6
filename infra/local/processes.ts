/**
 * Child processes of the local cloud. Each stand-in runs as the real binary (never an npx
 * wrapper, whose own children would outlive it) in a process group of its own, so that one
 * signal to the group ends it and anything it started.
 *
 * Three ways to end them, because a port held by an orphan breaks the next start:
 * - `stopAll()`: TERM each group, wait, KILL what is left;
 * - on `exit`, SIGINT, SIGTERM and SIGHUP of this process: TERM every group synchronously;
 * - a reaper process that holds a pipe from us: when the pipe closes because this process
 *   died in any way, even by SIGKILL, it ends every group still registered with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';

const OUTPUT_TAIL_LINES = 40;
const STOP_GRACE_MS = 5_000;

export interface ChildSpec {
  /** Short label used in log lines, e.g. `dynamodb`. */
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

export interface ManagedChild {
  readonly name: string;
  readonly pid: number;
  /** The last lines it wrote, for error messages. */
  tail(): string;
  /** Resolves when it has exited (or at once if it already has). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
  /**
   * Ends this child on purpose (a test taking a stand-in down): TERM, KILL after the grace
   * period, and no crash report. Resolves once it has exited.
   */
  stop(): Promise<void>;
  /**
   * SIGSTOP / SIGCONT to its group: the process keeps its port and data but answers nothing, as
   * a service that hangs does (the kernel still accepts connections into the listen backlog).
   */
  freeze(): void;
  thaw(): void;
}

export interface ProcessGroupOptions {
  /** Stream every line the children write, prefixed with their name. */
  readonly verbose?: boolean;
  /** Called when a child exits while the group is not stopping. */
  readonly onUnexpectedExit?: (child: ManagedChild, code: number | null, signal: NodeJS.Signals | null) => void;
}

/**
 * The reaper, as inline source so that it starts in a plain `node` (no TypeScript loader) in
 * a few milliseconds. Protocol on stdin: `+<pgid>` registers a group, `-<pgid>` forgets one
 * that has exited (so a recycled pid is never signalled).
 */
const REAPER_SOURCE = `
const groups = new Set();
let pending = '';
const alive = (g) => { try { process.kill(-g, 0); return true; } catch { return false; } };
const signal = (g, s) => { try { process.kill(-g, s); } catch {} };
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  let nl;
  while ((nl = pending.indexOf('\\n')) >= 0) {
    const line = pending.slice(0, nl); pending = pending.slice(nl + 1);
    const id = Number(line.slice(1));
    if (line[0] === '+') groups.add(id); else if (line[0] === '-') groups.delete(id);
  }
});
const reap = () => {
  for (const g of groups) signal(g, 'SIGTERM');
  const started = Date.now();
  const timer = setInterval(() => {
    const left = [...groups].filter(alive);
    if (left.length === 0) process.exit(0);
    if (Date.now() - started > ${STOP_GRACE_MS}) { left.forEach((g) => signal(g, 'SIGKILL')); process.exit(0); }
  }, 100);
};
process.stdin.on('end', reap);
process.stdin.on('error', reap);
for (const s of ['SIGINT', 'SIGHUP']) process.on(s, () => {});
`;

const liveGroups = new Set<ProcessGroup>();
let exitHooksInstalled = false;

function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  const killAll = (): void => {
    for (const group of liveGroups) group.terminate();
  };
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = (): void => {
      killAll();
      // Someone else (the CLI, a test runner) handles this signal and decides when to exit;
      // if nobody does, behave as the default action would have.
      if (process.listenerCount(signal) === 1)
        process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    };
    process.on(signal, onSignal);
  }
}

function signalGroup(child: ManagedChild, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** TERM each child's group, wait, KILL what is left, and resolve once all have exited. */
async function stopGroups(children: readonly ManagedChild[]): Promise<void> {
  children.forEach((child) => signalGroup(child, 'SIGTERM'));
  const timeout = new Promise<'timeout'>((resolveTimeout) => {
    const timer = setTimeout(() => resolveTimeout('timeout'), STOP_GRACE_MS);
    timer.unref();
  });
  const outcome = await Promise.race([Promise.all(children.map((child) => child.exited)), timeout]);
  if (outcome === 'timeout') {
    children.forEach((child) => signalGroup(child, 'SIGKILL'));
    await Promise.all(children.map((child) => child.exited));
  }
}

export class ProcessGroup {
  private readonly children = new Set<ManagedChild & { process: ChildProcess }>();
  private reaper: ChildProcess | undefined;
  private stopping = false;

  constructor(private readonly options: ProcessGroupOptions = {}) {
    installExitHooks();
    liveGroups.add(this);
  }

  private ensureReaper(): ChildProcess {
    if (this.reaper) return this.reaper;
    const reaper = spawn(process.execPath, ['-e', REAPER_SOURCE], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    reaper.unref();
    // The pipe must not keep this process alive; it only has to close when we die.
    (reaper.stdin as unknown as Socket).unref();
    reaper.stdin?.on('error', () => {});
    this.reaper = reaper;
    return reaper;
  }

  spawn(spec: ChildSpec): ManagedChild {
    if (this.stopping) throw new Error(`Cannot start ${spec.name}: the local cloud is stopping`);
    const reaper = this.ensureReaper();
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (child.pid === undefined) {
      // spawn reports ENOENT as an 'error' event; without a listener it would crash the host.
      child.on('error', () => {});
      throw new Error(`Could not start ${spec.name} (${spec.command}): is it installed and on the PATH?`);
    }
    const pid = child.pid;
    reaper.stdin?.write(`+${pid}\n`);

    const lines: string[] = [];
    const collect = (stream: NodeJS.ReadableStream | null): void => {
      let partial = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        partial += chunk;
        const parts = partial.split('\n');
        partial = parts.pop() ?? '';
        for (const line of parts) {
          lines.push(line);
          if (lines.length > OUTPUT_TAIL_LINES) lines.shift();
          if (this.options.verbose) console.log(`[${spec.name}] ${line}`);
        }
      });
    };
    collect(child.stdout);
    collect(child.stderr);

    let exitedFlag = false;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) => {
      child.on('exit', (code, signal) => {
        exitedFlag = true;
        reaper.stdin?.write(`-${pid}\n`);
        resolveExit({ code, signal });
      });
      child.on('error', () => {
        exitedFlag = true;
        resolveExit({ code: null, signal: null });
      });
    });

    let stoppedOnPurpose = false;
    const managed = {
      name: spec.name,
      pid,
      process: child,
      tail: () => lines.join('\n'),
      exited,
      hasExited: () => exitedFlag,
      stop: async () => {
        stoppedOnPurpose = true;
        signalGroup(managed, 'SIGCONT'); // a frozen process would not see the TERM
        await stopGroups([managed]);
      },
      freeze: () => signalGroup(managed, 'SIGSTOP'),
      thaw: () => signalGroup(managed, 'SIGCONT'),
    };
    this.children.add(managed);
    void exited.then(({ code, signal }) => {
      this.children.delete(managed);
      if (!this.stopping && !stoppedOnPurpose) this.options.onUnexpectedExit?.(managed, code, signal);
    });
    return managed;
  }

  /** Ends every child now, as expected exits (no crash reports); safe inside an `exit` handler. */
  terminate(): void {
    this.stopping = true;
    this.signalAll('SIGTERM');
    // A frozen child (a fault test's) receives the TERM only once it runs again.
    this.signalAll('SIGCONT');
  }

  /** Sends `signal` to every child's group at once; safe inside an `exit` handler. */
  signalAll(signal: NodeJS.Signals): void {
    for (const child of this.children) signalGroup(child, signal);
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    this.signalAll('SIGCONT'); // a frozen child would not see the TERM
    await stopGroups([...this.children]);
    // Every group has exited and been forgotten, so closing the pipe makes the reaper exit idle.
    this.reaper?.stdin?.end();
    this.reaper = undefined;
    liveGroups.delete(this);
  }
}
