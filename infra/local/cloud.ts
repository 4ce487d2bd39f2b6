/**
 * The one-machine cloud: every stand-in the product needs, started together and stopped
 * together. `npm start` (start.ts), the integration tests, the e2e tests and the benchmark all
 * use this one function, so they all exercise the same wiring.
 */
import { resolve } from 'node:path';
import type { BusRule, DeadLetter, LocalEventBus, RedriveReport } from './event-bus';
import { launch, type Launched } from './launch';
import { DEFAULT_WEB_DIST } from './paths';
import type { Ports } from './ports';
import type { StartupSpan } from './startup-timeline';
import type { StripeStandIn } from './stripe';

export interface LocalCloudOptions {
  /** Keep data here (DynamoDB file, users, dead letters, ids). @default in memory / a temp dir removed on stop */
  readonly persistDir?: string;
  /** Wipe persistDir before starting. */
  readonly reset?: boolean;
  /** Ports per service; 0 or absent means any free port. */
  readonly ports?: Partial<Ports>;
  /** The production build of web/. @default web/dist */
  readonly webDist?: string;
  /** No progress lines (warnings such as dead letters are still printed). */
  readonly quiet?: boolean;
  /** Also print every request, delivery and child-process line. */
  readonly verbose?: boolean;
  /** More bus rules on top of functions/rules.ts (tests use this for a failing consumer). */
  readonly extraRules?: readonly BusRule[];
  /** First retry delay of a failed delivery; doubles each retry. @default 200 */
  readonly busRetryBaseMs?: number;
  /** Hard cap on request bodies at the gateway. @default 1 MiB */
  readonly maxRequestBytes?: number;
  /** Origins besides the web app's that may call the API (e.g. Vite's dev server). */
  readonly extraCorsOrigins?: readonly string[];
  /** Delay between "Pay later" on the Stripe page and the payment's result. @default 3000 */
  readonly stripeAsyncPaymentDelayMs?: number;
  /**
   * Seed about 90 days of demo orders (and their admin figures) into a new data directory, for a
   * newcomer's first look at the admin. `npm start` does unless `--no-demo`; tests do not.
   */
  readonly demoOrders?: boolean;
  /** Called when a stand-in dies after start-up; the CLI exits, a test run fails loudly. */
  readonly onCrash?: (error: Error) => void;
}

export interface LocalCloudEndpoints {
  readonly webUrl: string;
  readonly apiUrl: string;
  readonly mailboxUrl: string;
  readonly cognitoEndpoint: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly dynamodbEndpoint: string;
  readonly tableName: string;
  readonly adminEmail: string;
  readonly adminPassword: string;
  readonly eventBusUrl: string;
  readonly eventBusName: string;
  readonly region: string;
  /** The Stripe stand-in's API (and hosted pages); with the key and secret below, scripts can act as Stripe. */
  readonly stripeApiUrl: string;
  readonly stripeSecretKey: string;
  readonly stripeWebhookSecret: string;
  /** The local KMS and the key Cognito encrypts account codes with (the CustomEmailSender trigger decrypts them). */
  readonly kmsEndpoint: string;
  readonly codeKeyArn: string;
  /** The S3 stand-in and the bucket of uploaded product photos (variants served by the web app under /media/). */
  readonly s3Endpoint: string;
  readonly mediaBucket: string;
  /**
   * The Bedrock stand-in (Converse, for the shop assistant): a rule-based responder, not a language
   * model. `GET /_stand-in/requests` and `/_stand-in/faults` are its controls (see README).
   */
  readonly bedrockEndpoint: string;
  /**
   * The CloudFront stand-in (`GET /_stand-in/invalidations` lists what was invalidated) and the
   * site bucket in the S3 stand-in: the published app and its prerendered pages under pages/.
   */
  readonly cloudfrontEndpoint: string;
  readonly siteBucket: string;
}

/** The stand-ins a test may take down and bring back, to see the shop survive their outage. */
export type StandInName = 'ses' | 'dynamodb';

export interface StandInControl {
  /** Stops the stand-in's process (no crash is reported); resolves once it has exited. */
  stop(name: StandInName): Promise<void>;
  /**
   * Starts it again on the same port and waits until it answers. DynamoDB Local only with a
   * persistDir: in memory its data would be gone. The SES emulator keeps mail in memory, so its
   * mailbox starts empty.
   */
  start(name: StandInName): Promise<void>;
  /** Freezes the stand-in (SIGSTOP): connections are accepted but never answered, a hang. */
  freeze(name: StandInName): void;
  /** Lets a frozen stand-in run on (SIGCONT). */
  thaw(name: StandInName): void;
}

export interface LocalCloud {
  readonly endpoints: LocalCloudEndpoints;
  readonly standIns: StandInControl;
  /** Milliseconds from the call to ready. */
  readonly startupMs: number;
  /** What the start spent its time on (startup-timeline.ts). */
  readonly startupSpans: readonly StartupSpan[];
  /** Whether this start created the table and seeded the catalogue. */
  readonly seeded: boolean;
  readonly bus: Pick<LocalEventBus, 'whenIdle' | 'deadLetters' | 'pending' | 'redrive'>;
  /** The Stripe stand-in: idle once no webhook delivery or asynchronous payment is pending. */
  readonly stripe: Pick<StripeStandIn, 'whenIdle'>;
  /** Stops every stand-in (for a shared cloud: once its last user has called stop). */
  stop(): Promise<void>;
}

export type { BusRule, DeadLetter, RedriveReport };

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
