/**
 * The one-machine cloud: every stand-in the product needs, started together and stopped
 * together. `npm start` (start.ts), the integration tests, the e2e tests and the benchmark all
 * use this one function, so they all exercise the same wiring.
 */
import { resolve } from 'node:path';
import type { LocalCloud, LocalCloudOptions } from './cloud-contract';
import type { BusRule, DeadLetter, RedriveReport } from './event-bus';
import { launch, type Launched } from './launch';
import { DEFAULT_WEB_DIST } from './paths';
import type { Ports } from './ports';

export type { BusRule, DeadLetter, RedriveReport };
export type { LocalCloud, LocalCloudEndpoints, LocalCloudOptions, StandInControl, StandInName } from './cloud-contract';

/**
 * One local cloud per process, shared. The functions keep their configuration and SDK clients
 * in module singletons, and read endpoints from process.env, so two clouds in one process would
 * make handlers talk to the wrong stand-ins. Vitest runs the global setups of all projects in
 * one process (`npm test` runs integration and e2e together), so a second start with
 * compatible options joins the running cloud instead; its own rules and CORS origins are added.
 * The registry lives on globalThis because each Vitest project loads its own copy of this module.
 */
interface SharedCloud {
  readonly key: { persistDir: string | undefined; webDist: string };
  readonly launched: Promise<Launched>;
  readonly crashListeners: Set<(error: Error) => void>;
  users: number;
}

const REGISTRY = Symbol.for('linea.local-cloud');
interface Registry {
  current?: SharedCloud;
  /** Ports of the last cloud this process ran, reused for "any free port" on a restart. */
  lastPorts?: Ports;
}
type WithRegistry = typeof globalThis & { [REGISTRY]?: Registry };

function registry(): Registry {
  const holder = globalThis as WithRegistry;
  holder[REGISTRY] ??= {};
  return holder[REGISTRY];
}

function handleFor(shared: SharedCloud, cloud: Launched): LocalCloud {
  let released = false;
  return {
    endpoints: cloud.endpoints,
    standIns: cloud.standIns,
    startupMs: cloud.startupMs,
    startupSpans: cloud.startupSpans,
    seeded: cloud.seeded,
    bus: cloud.bus,
    stripe: cloud.stripe,
    stop: async () => {
      if (released) return;
      released = true;
      shared.users -= 1;
      if (shared.users > 0) return;
      if (registry().current === shared) registry().current = undefined;
      await cloud.stop();
    },
  };
}

function incompatibility(
  shared: SharedCloud,
  cloud: Launched | undefined,
  options: LocalCloudOptions,
): string | undefined {
  const persistDir = options.persistDir ? resolve(options.persistDir) : undefined;
  if (persistDir !== shared.key.persistDir)
    return `persistDir ${persistDir ?? '(in memory)'} vs ${shared.key.persistDir ?? '(in memory)'}`;
  if (resolve(options.webDist ?? DEFAULT_WEB_DIST) !== shared.key.webDist) return 'another webDist';
  if (options.reset) return 'reset requested';
  for (const [service, port] of Object.entries(options.ports ?? {}) as Array<[keyof Ports, number]>) {
    if (port && cloud && cloud.ports[service] !== port) return `${service} port ${port} vs ${cloud.ports[service]}`;
  }
  return undefined;
}

/**
 * Starts the local cloud, or joins the one already running in this process (see SharedCloud).
 * Returns its endpoints and `stop()`; everything it started ends on stop, on exit and on
 * SIGINT/SIGTERM/SIGHUP, and (through the reaper) even if this process is killed.
 */
export async function startLocalCloud(options: LocalCloudOptions = {}): Promise<LocalCloud> {
  const reg = registry();
  const running = reg.current;
  if (running) {
    const early = incompatibility(running, undefined, options);
    if (early)
      throw new Error(`A local cloud is already running in this process with other options (${early}); stop it first`);
    const cloud = await running.launched;
    const late = incompatibility(running, cloud, options);
    if (late)
      throw new Error(`A local cloud is already running in this process with other options (${late}); stop it first`);
    cloud.bus.addRules(options.extraRules ?? []);
    cloud.addCorsOrigins(options.extraCorsOrigins ?? []);
    if (options.onCrash) running.crashListeners.add(options.onCrash);
    running.users += 1;
    return handleFor(running, cloud);
  }
  const crashListeners = new Set<(error: Error) => void>(options.onCrash ? [options.onCrash] : []);
  const shared: SharedCloud = {
    key: {
      persistDir: options.persistDir ? resolve(options.persistDir) : undefined,
      webDist: resolve(options.webDist ?? DEFAULT_WEB_DIST),
    },
    launched: launch(options, crashListeners, reg.lastPorts).then((cloud) => {
      reg.lastPorts = cloud.ports;
      return cloud;
    }),
    crashListeners,
    users: 1,
  };
  reg.current = shared;
  try {
    return handleFor(shared, await shared.launched);
  } catch (err) {
    if (reg.current === shared) reg.current = undefined;
    throw err;
  }
}
