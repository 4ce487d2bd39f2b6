/**
 * `npm start`: the whole shop on this machine. Builds web/ if needed, starts the local cloud on
 * fixed ports with data in .data/, prints where everything is, and runs until Ctrl-C or
 * SIGTERM, then stops every stand-in and exits 0.
 *
 *   npm start                       keep .data from the last run
 *   npm start -- --reset            start from scratch (wipes .data)
 *   npm start -- --no-demo          no demo order history in a new .data
 *   npm start -- --verbose          print every request, delivery and stand-in log line
 *   npm start -- --data-dir <dir>   keep the data in <dir> instead of .data
 *   npm start -- --api-port 4001    any port: --<web|api|bus|lambda|cognito|ses|dynamodb|stripe|secrets|kms|s3|bedrock|cloudfront>-port,
 *                                   or LINEA_<SERVICE>_PORT=<n>
 */
import { relative, resolve } from 'node:path';
import { startLocalCloud, type LocalCloud } from './cloud';
import { devPort, devServerOrigins } from './dev-port';
import { DEFAULT_PERSIST_DIR, DEFAULT_WEB_DIST, REPO_ROOT } from './paths';
import { DEFAULT_PORTS, portOverrides } from './ports';
import { ensureWebBuild } from './web-build';

const KNOWN_FLAGS =
  /^--(reset|verbose|help|no-demo|data-dir|(web|api|bus|lambda|cognito|ses|dynamodb|stripe|secrets|kms|s3|bedrock|cloudfront)-port(=.*)?)$/;

function usage(): string {
  return [
    'Usage: npm start [-- --reset] [-- --no-demo] [-- --verbose] [-- --data-dir <dir>] [-- --<service>-port <n>]',
    'Services: web, api, bus, lambda, cognito, ses, dynamodb, stripe, secrets, kms, s3, bedrock, cloudfront (or LINEA_<SERVICE>_PORT=<n>).',
  ].join('\n');
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) {
    console.log(usage());
    return;
  }
  const unknown = argv.filter((arg) => arg.startsWith('--') && !KNOWN_FLAGS.test(arg));
  if (unknown.length) throw new Error(`Unknown option(s): ${unknown.join(' ')}\n${usage()}`);
  const dataDirFlag = argv.indexOf('--data-dir');
  const dataDirArg = dataDirFlag >= 0 ? argv[dataDirFlag + 1] : undefined;
  if (dataDirFlag >= 0 && (!dataDirArg || dataDirArg.startsWith('--'))) throw new Error('--data-dir needs a directory');
  const persistDir = dataDirArg ? resolve(dataDirArg) : DEFAULT_PERSIST_DIR;

  console.log('[local] starting the local cloud...');
  const buildStarted = performance.now();
  await ensureWebBuild(DEFAULT_WEB_DIST, (line) => console.log(line));
  const buildMs = performance.now() - buildStarted;

  // A holder rather than a variable: Ctrl-C may arrive while the cloud is still starting.
  const running: { cloud?: LocalCloud; stopping: boolean } = { stopping: false };
  const shutdown = async (code: number): Promise<void> => {
    if (running.stopping) return;
    running.stopping = true;
    console.log('\n[local] stopping...');
    try {
      await running.cloud?.stop();
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  const cloud = await startLocalCloud({
    persistDir,
    reset: argv.includes('--reset'),
    demoOrders: !argv.includes('--no-demo'),
    ports: { ...DEFAULT_PORTS, ...portOverrides(argv, process.env) },
    verbose: argv.includes('--verbose'),
    // npm run dev's pages, beside this shop or started by it (dev.ts passes its port on).
    extraCorsOrigins: devServerOrigins(devPort([], process.env)),
    onCrash: () => void shutdown(1),
  });
  running.cloud = cloud;
  const e = cloud.endpoints;
  // Since this process started (performance.now() counts from there): what a person waits for.
  const seconds = ((performance.now() - buildMs) / 1000).toFixed(1);
  const data = relative(process.cwd(), persistDir) || persistDir;
  console.log(
    [
      '',
      `LINEA is running on this machine (ready in ${seconds} s${buildMs > 1000 ? `, after a ${(buildMs / 1000).toFixed(1)} s web build` : ''}).`,
      '',
      `  Shop       ${e.webUrl}`,
      `  Mailbox    ${e.mailboxUrl}   (every email the shop sends)`,
      `  Admin      ${e.adminEmail}`,
      `  Password   ${e.adminPassword}`,
      `  Payments   ${e.stripeApiUrl}   (Stripe stand-in: its hosted page has Pay, Pay later, Decline, Cancel)`,
      `  Promo      WELCOME10 (10 %), LINEA20 (CHF 20), FREESHIP (free shipping)`,
      '',
      `  API        ${e.apiUrl}`,
      `  Cognito    ${e.cognitoEndpoint}   (pool ${e.userPoolId}, client ${e.userPoolClientId})`,
      `  DynamoDB   ${e.dynamodbEndpoint}   (table ${e.tableName})`,
      `  S3         ${e.s3Endpoint}   (bucket ${e.mediaBucket}: uploaded product photos)`,
      `  Bedrock    ${e.bedrockEndpoint}   (shop assistant: a rule-based stand-in, not a language model)`,
      `  Data       ${data}/   (all of the above in ${relative(REPO_ROOT, `${persistDir}/local-endpoints.json`)};`,
      `             npm start -- --reset starts from scratch)`,
      '',
      'Press Ctrl-C to stop.',
    ].join('\n'),
  );
}

main().catch((err: unknown) => {
  console.error(`\n[local] could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
