/**
 * Starts every stand-in of the local cloud, in parallel where they do not depend on each other,
 * and returns them as one object with one stop(). cloud.ts decides whether to call this at all
 * (one local cloud per process); everything else about the wiring is here.
 */
import { mkdirSync, mkdtempSync, rmSync, unwatchFile, watchFile, writeFileSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { API_PATH } from '@linea/shared/contracts/runtime-config';
import { API_CORS, areaEntry, fallbackRoute, routes, type RouteDefinition } from '../../functions/routes';
import { RULE_MAX_EVENT_AGE_SECONDS, RULE_RETRY_ATTEMPTS, rules, STOREFRONT_PAGES_RULE } from '../../functions/rules';
import { topicSubscribers } from '../../functions/topics';
import type { RenderedPages } from '../../functions/services/storefront-pages';
import { startApiGateway } from './api-gateway';
import { createApiProxy } from './api-proxy';
import { LOCAL_CHAT_MODEL_ID, startBedrockStandIn } from './bedrock';
import type { LocalCloud, LocalCloudEndpoints, LocalCloudOptions, StandInControl, StandInName } from './cloud-contract';
import { cognitoClient, ensureAdmin, ensureUserPool, startCognitoLocal, triggerRegistry } from './cognito';
import { dynamoDbClient, ensureTable, startDynamoDbLocal } from './dynamodb';
import { applyFunctionEnvironment, applyTokenEnvironment, functionEnvironment } from './environment';
import { startEventBus, type BusRule, type LocalEventBus } from './event-bus';
import { invoke, loadHandler } from './handlers';
import { publishSite } from './site';
import { startCloudFrontStandIn } from './cloudfront';
import type { RunningServer } from './http-server';
import { startLambdaInvokeApi } from './lambda-invoke';
import { DEFAULT_WEB_DIST } from './paths';
import { resolvePorts, type Ports } from './ports';
import { pagesFingerprint } from './pages-fingerprint';
import { ProcessGroup, type ManagedChild } from './processes';
import { kmsKeyArn, startLocalKms } from './kms';
import { startS3StandIn } from './s3';
import { secretArn, startSecretsManager } from './secrets-manager';
import { seedDemoOrders, seedProducts, seedPromoCodes } from './seed';
import { startStripeStandIn, type StripeStandIn } from './stripe';
import { startSesEmulator } from './ses';
import { startSesFeedback } from './ses-feedback';
import { loadState, saveState } from './state';
import { formatSpans, StartupTimeline } from './startup-timeline';
import { startWebServer } from './web-server';
import { DEFAULT_MAX_REQUEST_BYTES, localWebRuntimeConfig } from './web-host';
import { securityHeaders } from '../security-headers';

const REGION = 'eu-central-2';
const TABLE_NAME = 'linea-local';
const EVENT_BUS_NAME = 'linea-local';
const FROM_EMAIL = 'shop@linea.local';
const EMAIL_CONFIGURATION_SET = 'linea-local-email';
/** Contact messages land in the local mailbox like every other email. */
const SHOP_INBOX_EMAIL = 'team@linea.local';
const ACCOUNT = '000000000000';
/** The local KMS key that account codes are encrypted with (fixed, so the environment can name it). */
const CODE_KEY_ID = '0c0de000-0000-4000-8000-00000000c0de';
const CODE_KEY_ALIAS = 'alias/linea-local-account-codes';
/** Uploaded product photos (private originals under uploads/) and their variants (media/, served by the web server). */
const MEDIA_BUCKET = 'linea-local-media';
/** The published app and its prerendered pages (pages/), which the web server serves as CloudFront does. */
const SITE_BUCKET = 'linea-local-site';
const DISTRIBUTION_ID = 'ELINEALOCAL0001';
/** Local test values: what the Stripe stand-in accepts and signs with, and what the functions read from Secrets Manager. */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_linea_local_0000000000000000';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_linea_local_0000000000000000';
const STRIPE_SECRET_NAME = 'linea/local/stripe';
const LAMBDA_TIMEOUT_MS = 29_000;
const CONSUMER_TIMEOUT_MS = 30_000;

/** The consumer that renders the storefront's pages; the deploy's trigger invokes it with no event. */
const STOREFRONT_PAGES_CONSUMER = (() => {
  const rule = rules.find((candidate) => candidate.name === STOREFRONT_PAGES_RULE);
  if (!rule) throw new Error(`functions/rules.ts has no rule ${STOREFRONT_PAGES_RULE}`);
  return rule.consumer;
})();

/** Only the ports asked for explicitly (0 = any free port is not a wish to override). */
function definedPorts(ports: Partial<Ports> = {}): Partial<Ports> {
  return Object.fromEntries(Object.entries(ports).filter(([, port]) => port)) as Partial<Ports>;
}

/** Imports every handler once at start, so the first request is not a cold start. */
async function warmHandlers(modules: readonly string[], warn: (line: string) => void): Promise<void> {
  await Promise.all(
    [...new Set(modules)].map((module) =>
      loadHandler(module).catch((err: unknown) => warn(`[local] ${module} failed to load: ${(err as Error).message}`)),
    ),
  );
}

async function firstCatalogueRead(webOrigin: string, warn: (line: string) => void): Promise<void> {
  try {
    const response = await fetch(`${webOrigin}${API_PATH}/products`, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    if (!response.ok) warn(`[local] the first catalogue read answered ${response.status}`);
  } catch (err) {
    warn(`[local] the first catalogue read failed: ${(err as Error).message}`);
  }
}

export interface Launched extends LocalCloud {
  readonly persistDir: string | undefined;
  readonly webDist: string;
  readonly ports: Ports;
  readonly bus: LocalEventBus;
  addCorsOrigins(origins: readonly string[]): void;
}

/**
 * @param preferredPorts ports of an earlier cloud in this process: "any free port" reuses them,
 *   because functions modules imported then keep those endpoints.
 */
export async function launch(
  options: LocalCloudOptions,
  crashListeners: ReadonlySet<(error: Error) => void>,
  preferredPorts: Partial<Ports> = {},
): Promise<Launched> {
  const timeline = new StartupTimeline();
  const log = options.quiet ? () => {} : (line: string) => console.log(line);
  const verboseLog = options.verbose ? (line: string) => console.log(line) : () => {};
  const warn = (line: string): void => console.error(line);

  // Ports first: a clash must fail before --reset has wiped anything.
  const ports = await timeline.time('ports', () => resolvePorts({ ...preferredPorts, ...definedPorts(options.ports) }));
  const loopback = (port: number): string => `http://127.0.0.1:${port}`;
  const webUrl = `http://localhost:${ports.web}`;
  const apiUrl = loopback(ports.api);
  const env = functionEnvironment({
    tableName: TABLE_NAME,
    eventBusName: EVENT_BUS_NAME,
    fromEmail: FROM_EMAIL,
    emailConfigurationSet: EMAIL_CONFIGURATION_SET,
    shopInboxEmail: SHOP_INBOX_EMAIL,
    webUrl,
    region: REGION,
    dynamodbEndpoint: loopback(ports.dynamodb),
    eventBusEndpoint: loopback(ports.bus),
    sesEndpoint: loopback(ports.ses),
    stripeApiUrl: loopback(ports.stripe),
    stripeSecretId: secretArn(REGION, ACCOUNT, STRIPE_SECRET_NAME),
    secretsManagerEndpoint: loopback(ports.secrets),
    cognitoEndpoint: loopback(ports.cognito),
    kmsEndpoint: loopback(ports.kms),
    s3Endpoint: loopback(ports.s3),
    mediaBucket: MEDIA_BUCKET,
    codeKeyArn: kmsKeyArn(REGION, ACCOUNT, CODE_KEY_ID),
    bedrockEndpoint: loopback(ports.bedrock),
    chatModelId: LOCAL_CHAT_MODEL_ID,
    cloudfrontEndpoint: loopback(ports.cloudfront),
    siteBucket: SITE_BUCKET,
    distributionId: DISTRIBUTION_ID,
  });
  applyFunctionEnvironment(env);

  const persistDir = options.persistDir ? resolve(options.persistDir) : undefined;
  if (persistDir && options.reset) {
    log(`[local] --reset: removing ${persistDir}`);
    rmSync(persistDir, { recursive: true, force: true });
  }
  if (persistDir) mkdirSync(persistDir, { recursive: true });
  // In memory means nothing survives stop(): what the stand-ins insist on writing goes here.
  const scratchDir = persistDir ? undefined : mkdtempSync(join(tmpdir(), 'linea-local-'));
  const dataDir = (persistDir ?? scratchDir) as string;

  let crashed: Error | undefined;
  const group = new ProcessGroup({
    verbose: options.verbose,
    onUnexpectedExit: (child: ManagedChild, code, signal) => {
      crashed = new Error(
        `${child.name} stopped unexpectedly (code ${code}, signal ${signal}). Its last output:\n${child.tail()}`,
      );
      warn(`[local] ${crashed.message}`);
      for (const listener of crashListeners) listener(crashed);
    },
  });
  const servers: RunningServer[] = [];
  const children: Partial<Record<StandInName, ManagedChild>> = {};
  let bus: LocalEventBus | undefined;
  let stripe: StripeStandIn | undefined;
  let stopped = false;

  /** Servers that finish starting after a failed start has already stopped are closed at once. */
  const track = <T extends RunningServer>(server: T): T => {
    if (stopped) void server.close();
    else servers.push(server);
    return server;
  };

  const unwatchOnStop: Array<() => void> = [];
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    unwatchOnStop.forEach((unwatch) => unwatch());
    // Stripe first (its webhooks feed the bus), then the bus: it may still deliver, and
    // dead-letters what it cannot finish.
    await stripe?.close();
    await bus?.close();
    await Promise.all(servers.map((server) => server.close()));
    await group.stopAll();
    if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
  };

  // Mutable on purpose: a later user of a shared cloud may add origins (see startLocalCloud).
  const corsOrigins = [webUrl, loopback(ports.web), ...(options.extraCorsOrigins ?? [])];

  try {
    const triggers = triggerRegistry();
    const allRules: BusRule[] = [...rules, ...(options.extraRules ?? [])];
    const handlerModules = [
      // One entry per area, as Lambda runs them (warmHandlers loads each module once).
      ...[...(routes as readonly RouteDefinition[]).map((route) => route.area), fallbackRoute.area].map(areaEntry),
      ...allRules.map((rule) => rule.consumer),
      ...topicSubscribers.map((subscriber) => subscriber.consumer),
      ...Object.values(triggers),
    ];

    const lambdaApi = startLambdaInvokeApi(ports.lambda, triggers, warn).then(track);
    const busReady = startEventBus({
      port: ports.bus,
      busName: EVENT_BUS_NAME,
      region: REGION,
      account: ACCOUNT,
      rules: allRules,
      targets: topicSubscribers,
      retryAttempts: RULE_RETRY_ATTEMPTS,
      retryBaseMs: options.busRetryBaseMs ?? 200,
      maxEventAgeSeconds: RULE_MAX_EVENT_AGE_SECONDS,
      deadLetterDir: join(dataDir, 'dead-letters'),
      consumerTimeoutMs: CONSUMER_TIMEOUT_MS,
      log: verboseLog,
      warn,
    }).then((server) => {
      if (stopped) void server.close();
      else bus = server;
      return server;
    });

    const kmsReady = startLocalKms({
      port: ports.kms,
      region: REGION,
      account: ACCOUNT,
      keyId: CODE_KEY_ID,
      alias: CODE_KEY_ALIAS,
      log: verboseLog,
    }).then(track);
    const s3Ready = startS3StandIn({
      port: ports.s3,
      region: REGION,
      // What the functions sign presigned POSTs with (functionEnvironment's dummy credentials).
      credentials: {
        accessKeyId: env.AWS_ACCESS_KEY_ID as string,
        secretAccessKey: env.AWS_SECRET_ACCESS_KEY as string,
      },
      buckets: [MEDIA_BUCKET, SITE_BUCKET],
      ...(persistDir ? { dataDir: join(persistDir, 's3') } : {}),
      allowedOrigins: corsOrigins,
      // As S3 reports to EventBridge's default bus when the bucket has EventBridge notifications on.
      onObjectCreated: (object) =>
        object.bucket === MEDIA_BUCKET &&
        bus?.publishAwsEvent({
          source: 'aws.s3',
          detailType: 'Object Created',
          resources: [`arn:aws:s3:::${object.bucket}`],
          detail: {
            version: '0',
            bucket: { name: object.bucket },
            object: { key: object.key, size: object.size },
            reason: 'PostObject',
          },
        }),
    }).then(track);
    const cloudfrontReady = startCloudFrontStandIn({
      port: ports.cloudfront,
      distributionId: DISTRIBUTION_ID,
      log: verboseLog,
    }).then(track);
    const bedrockReady = startBedrockStandIn({
      port: ports.bedrock,
      modelId: LOCAL_CHAT_MODEL_ID,
      log: verboseLog,
    }).then(track);
    const secretsReady = startSecretsManager({
      port: ports.secrets,
      region: REGION,
      account: ACCOUNT,
      secrets: {
        [STRIPE_SECRET_NAME]: JSON.stringify({
          secretKey: LOCAL_STRIPE_SECRET_KEY,
          webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
        }),
      },
      log: verboseLog,
    }).then(track);
    const stripeReady = startStripeStandIn({
      port: ports.stripe,
      secretKey: LOCAL_STRIPE_SECRET_KEY,
      webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
      // Deliveries that find the gateway not yet listening are retried, as Stripe would.
      webhookUrl: `${apiUrl}/webhooks/stripe`,
      ...(persistDir ? { stateFile: join(persistDir, 'stripe.json') } : {}),
      ...(options.stripeAsyncPaymentDelayMs !== undefined
        ? { asyncPaymentDelayMs: options.stripeAsyncPaymentDelayMs }
        : {}),
      log: verboseLog,
      warn,
    }).then((server) => {
      if (stopped) void server.close();
      else stripe = server;
      return server;
    });

    const state = loadState(persistDir);
    const dynamoOptions = {
      port: ports.dynamodb,
      ...(persistDir ? { dbPath: join(persistDir, 'dynamodb') } : {}),
    };
    const sesFeedback = track(
      await timeline.time('ses-feedback', () =>
        startSesFeedback({
          region: REGION,
          account: ACCOUNT,
          configurationSet: EMAIL_CONFIGURATION_SET,
          subscribers: topicSubscribers
            .filter((subscriber) => subscriber.topic === 'emailFeedback')
            .map((subscriber) => subscriber.name),
          invokeAsync: (subscriber, event) => {
            if (bus) bus.invokeAsync(subscriber, event);
            else warn(`[ses] feedback for ${subscriber} dropped: the bus is not running`);
          },
          log: verboseLog,
        }),
      ),
    );
    const sesOptions = { port: ports.ses, cwd: dataDir, smtpTransport: sesFeedback.smtpTransport };
    const dynamo = timeline
      .time('dynamodb', () => startDynamoDbLocal(group, dynamoOptions))
      .then(({ endpoint, child }) =>
        timeline.time('table', async () => {
          children.dynamodb = child;
          const client = dynamoDbClient(endpoint);
          let handedOver = false;
          try {
            const created = await ensureTable(client, TABLE_NAME);
            const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
            // Each seed runs once per data directory, so what the admin changes later stays changed.
            if (created || !state.promoCodesSeededAt) {
              const codes = await seedPromoCodes(documents, TABLE_NAME);
              state.promoCodesSeededAt = new Date().toISOString();
              log(`[local] seeded promo codes ${codes.join(', ')}`);
            }
            // Demo history goes only into a data directory that never had the catalogue seeded:
            // real orders placed locally are never mixed with invented ones.
            const demo =
              options.demoOrders === true && (created || !state.catalogueSeededAt) && !state.demoOrdersSeededAt;
            if (!created && state.catalogueSeededAt) return { endpoint, seeded: false, demoSeeded: undefined };
            const count = await seedProducts(documents, TABLE_NAME);
            state.catalogueSeededAt = new Date().toISOString();
            log(`[local] table ${TABLE_NAME} ${created ? 'created' : 'found'}; seeded ${count} products`);
            if (!demo) return { endpoint, seeded: true, demoSeeded: undefined };
            // Only the admin's figures need the demo history: the pages are rendered meanwhile,
            // and the servers open once both are done.
            const demoSeeded = timeline
              .time('demo-orders', () => seedDemoOrders(documents, TABLE_NAME))
              .then((orders) => {
                state.demoOrdersSeededAt = new Date().toISOString();
                log(`[local] seeded ${orders} demo orders of the last 90 days (npm start -- --no-demo skips them)`);
              })
              .finally(() => client.destroy());
            // Awaited below; a failure meanwhile must not count as unhandled.
            demoSeeded.catch(() => {});
            handedOver = true;
            return { endpoint, seeded: true, demoSeeded };
          } finally {
            if (!handedOver) client.destroy();
          }
        }),
      );
    const ses = timeline
      .time('ses', () => startSesEmulator(group, sesOptions))
      .then((emulator) => {
        children.ses = emulator.child;
        return emulator;
      });
    const cognito = timeline
      .time('cognito', () =>
        startCognitoLocal(group, {
          port: ports.cognito,
          dataDir: join(dataDir, 'cognito'),
          lambdaEndpoint: loopback(ports.lambda),
          registry: triggers,
          kms: {
            endpoint: loopback(ports.kms),
            region: REGION,
            keyArn: kmsKeyArn(REGION, ACCOUNT, CODE_KEY_ID),
            alias: CODE_KEY_ALIAS,
          },
        }),
      )
      .then(({ endpoint }) =>
        timeline.time('user-pool', async () => {
          await kmsReady; // cognito-local encrypts every code it sends with this key
          await lambdaApi; // the admin is created without triggers, but sign-ups will need it
          const client = cognitoClient(endpoint, REGION);
          try {
            const ids = await ensureUserPool(client, state);
            await ensureAdmin(client, ids.userPoolId, { email: state.adminEmail, password: state.adminPassword });
            Object.assign(state, ids);
            return { endpoint, ...ids };
          } finally {
            client.destroy();
          }
        }),
      );
    const warm = timeline.time('handlers', () => warmHandlers(handlerModules, warn));

    const [dynamoResult, sesResult, cognitoResult, busServer, stripeServer] = await Promise.all([
      dynamo,
      ses,
      cognito,
      busReady,
      stripeReady,
      secretsReady,
      kmsReady,
      s3Ready,
      cloudfrontReady,
      bedrockReady,
      lambdaApi,
      warm,
    ]);
    saveState(persistDir, state);
    const issuer = `${cognitoResult.endpoint}/${cognitoResult.userPoolId}`;
    applyTokenEnvironment({ issuer, clientId: cognitoResult.userPoolClientId, userPoolId: cognitoResult.userPoolId });

    const webDist = resolve(options.webDist ?? DEFAULT_WEB_DIST);
    const webConfig = localWebRuntimeConfig({
      region: REGION,
      userPoolId: cognitoResult.userPoolId,
      userPoolClientId: cognitoResult.userPoolClientId,
      cognitoEndpoint: cognitoResult.endpoint,
    });
    /** What the pages are made from; undefined in memory, where the site bucket starts empty. */
    const pagesInputs = async (template: string): Promise<string | undefined> => {
      if (!persistDir) return undefined;
      const { createProductRepository } = await import('../../functions/data/product-repository');
      const client = dynamoDbClient(dynamoResult.endpoint);
      try {
        const catalogue = await createProductRepository(
          DynamoDBDocumentClient.from(client),
          () => TABLE_NAME,
        ).listAll();
        return pagesFingerprint(template, catalogue);
      } finally {
        client.destroy();
      }
    };
    // As a deploy publishes the app and its custom resource renders every page into it; again
    // whenever the web app is rebuilt while this runs (the pages name its chunks). A restart
    // keeps the pages it finds when they were rendered from the same build, catalogue and code:
    // the product changes of a run render their own pages as they happen.
    const publishAndRender = async ({ keepCurrent }: { keepCurrent: boolean }): Promise<void> => {
      const published = await publishSite({
        webDist,
        config: webConfig,
        s3Endpoint: loopback(ports.s3),
        bucket: SITE_BUCKET,
        region: REGION,
        credentials: {
          accessKeyId: env.AWS_ACCESS_KEY_ID as string,
          secretAccessKey: env.AWS_SECRET_ACCESS_KEY as string,
        },
      });
      if (!published) {
        warn(
          `[local] ${webDist}/index.html does not exist: the storefront's pages are not rendered (run npm run build)`,
        );
        return;
      }
      const inputs = await pagesInputs(published);
      if (keepCurrent && inputs && inputs === state.pagesRenderedFrom) {
        log(`[local] storefront pages in s3://${SITE_BUCKET}/ are current (same build, catalogue and code)`);
        return;
      }
      // Forgotten first: a render cut short must not leave its inputs looking rendered.
      state.pagesRenderedFrom = undefined;
      saveState(persistDir, state);
      const rendered = (await invoke(STOREFRONT_PAGES_CONSUMER, {}, CONSUMER_TIMEOUT_MS)) as RenderedPages;
      log(`[local] rendered ${rendered.keys.length} storefront pages into s3://${SITE_BUCKET}/`);
      state.pagesRenderedFrom = inputs;
      saveState(persistDir, state);
    };
    await Promise.all([timeline.time('pages', () => publishAndRender({ keepCurrent: true })), dynamoResult.demoSeeded]);
    saveState(persistDir, state);
    const builtIndex = join(webDist, 'index.html');
    const onRebuild = (current: Stats, previous: Stats): void => {
      if (stopped || current.mtimeMs === previous.mtimeMs || !current.isFile()) return;
      publishAndRender({ keepCurrent: false }).catch((err: unknown) =>
        warn(`[local] rendering the pages again failed: ${String(err)}`),
      );
    };
    watchFile(builtIndex, { interval: 1000, persistent: false }, onRebuild);
    unwatchOnStop.push(() => unwatchFile(builtIndex, onRebuild));
    const maxRequestBytes = options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
    // The web server's /api/*, as CloudFront's /api/* behaviour: the browser's only way to the API.
    const apiProxy = createApiProxy({ target: apiUrl, maxRequestBytes, log: verboseLog });
    track({ url: apiUrl, port: ports.api, close: async () => apiProxy.close() });
    await timeline.time('servers', () =>
      Promise.all([
        startApiGateway({
          port: ports.api,
          routes: routes as readonly RouteDefinition[],
          fallbackArea: fallbackRoute.area,
          auth: {
            issuer,
            audience: cognitoResult.userPoolClientId,
            jwksUrl: `${cognitoResult.endpoint}/${cognitoResult.userPoolId}/.well-known/jwks.json`,
          },
          cors: { allowOrigins: corsOrigins, maxAgeSeconds: API_CORS.maxAgeSeconds },
          maxRequestBytes,
          timeoutMs: LAMBDA_TIMEOUT_MS,
          isFromProxy: (req) => apiProxy.isProxyConnection(req),
          log: verboseLog,
          warn,
        }).then(track),
        startWebServer({
          port: ports.web,
          distDir: webDist,
          siteUrl: webUrl,
          // Embedded in every page it serves, as CDK embeds it in the index.html it deploys.
          config: webConfig,
          api: apiProxy,
          // The cloud's policy with the stand-ins' origins: cognito-local, the S3 stand-in (the
          // admin's presigned uploads), the Stripe stand-in's hosted payment page.
          securityHeaders: securityHeaders({
            cognito: cognitoResult.endpoint,
            mediaUploads: loopback(ports.s3),
            stripeCheckout: stripeServer.url,
            httpsOnly: false,
          }),
          // What CloudFront's /media/* behaviour serves from the media bucket in the cloud.
          media: { endpoint: loopback(ports.s3), bucket: MEDIA_BUCKET },
          // What the default behaviour serves from the site bucket: the prerendered pages.
          // ...and where it fails over to for a page path the bucket has no page for.
          pages: { endpoint: loopback(ports.s3), bucket: SITE_BUCKET, fallback: apiUrl },
          log: verboseLog,
        }).then(track),
      ]),
    );
    if (crashed) throw crashed;
    // The first call after a start does first-time work a shopper should not wait for: the
    // functions' one DynamoDB client resolves its credentials and endpoint and opens its first
    // connection, V8 compiles the request path, DynamoDB Local's JVM its query path (about
    // 100-200 ms on the first GET /api/products, whichever way it comes). One catalogue read
    // through the web server does it before the shop is announced.
    await timeline.time('first-read', () => firstCatalogueRead(loopback(ports.web), warn));
    log(`[local] start-up: ${formatSpans(timeline.spans())}`);

    const endpoints: LocalCloudEndpoints = {
      webUrl,
      apiUrl,
      mailboxUrl: sesResult.endpoint,
      cognitoEndpoint: cognitoResult.endpoint,
      userPoolId: cognitoResult.userPoolId,
      userPoolClientId: cognitoResult.userPoolClientId,
      dynamodbEndpoint: dynamoResult.endpoint,
      tableName: TABLE_NAME,
      adminEmail: state.adminEmail,
      adminPassword: state.adminPassword,
      eventBusUrl: busServer.url,
      eventBusName: EVENT_BUS_NAME,
      region: REGION,
      stripeApiUrl: stripeServer.url,
      stripeSecretKey: LOCAL_STRIPE_SECRET_KEY,
      stripeWebhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
      kmsEndpoint: loopback(ports.kms),
      codeKeyArn: kmsKeyArn(REGION, ACCOUNT, CODE_KEY_ID),
      s3Endpoint: loopback(ports.s3),
      mediaBucket: MEDIA_BUCKET,
      bedrockEndpoint: loopback(ports.bedrock),
      cloudfrontEndpoint: loopback(ports.cloudfront),
      siteBucket: SITE_BUCKET,
    };
    if (persistDir) {
      writeFileSync(join(persistDir, 'local-endpoints.json'), `${JSON.stringify(endpoints, null, 2)}\n`, {
        mode: 0o600,
      });
    }
    const standIns: StandInControl = {
      stop: async (name) => {
        await children[name]?.stop();
      },
      start: async (name) => {
        if (stopped) throw new Error(`Cannot start ${name}: the local cloud is stopping`);
        if (children[name] && !children[name].hasExited()) return;
        if (name === 'ses') {
          children.ses = (await startSesEmulator(group, sesOptions)).child;
          return;
        }
        // An in-memory DynamoDB Local comes back empty: no table, and the shop would answer 500s.
        if (!persistDir) throw new Error('DynamoDB Local can only be restarted with its data in a persistDir');
        children.dynamodb = (await startDynamoDbLocal(group, dynamoOptions)).child;
      },
      freeze: (name) => children[name]?.freeze(),
      thaw: (name) => children[name]?.thaw(),
    };
    return {
      endpoints,
      standIns,
      startupMs: timeline.elapsed(),
      startupSpans: timeline.spans(),
      seeded: dynamoResult.seeded,
      bus: busServer,
      stripe: stripeServer,
      persistDir,
      webDist,
      ports,
      addCorsOrigins: (origins) => {
        for (const origin of origins) if (!corsOrigins.includes(origin)) corsOrigins.push(origin);
      },
      stop,
    };
  } catch (err) {
    await stop().catch((stopErr: unknown) => warn(`[local] while stopping after a failed start: ${String(stopErr)}`));
    throw err;
  }
}
