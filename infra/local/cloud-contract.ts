/**
 * What a local cloud is to its users: the options it starts with, the endpoints it serves, and
 * the handle that stops it. cloud.ts starts or joins one, launch.ts wires it; both need these.
 */
import type { BusRule, LocalEventBus } from './event-bus';
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
