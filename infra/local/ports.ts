/** Port allocation: fixed ports for `npm start`, free ones (port 0) for tests and benchmarks. */
import { createServer } from 'node:net';

export const SERVICES = [
  'web',
  'api',
  'bus',
  'lambda',
  'cognito',
  'ses',
  'dynamodb',
  'stripe',
  'secrets',
  'kms',
  's3',
  'bedrock',
  'cloudfront',
] as const;
export type Service = (typeof SERVICES)[number];
export type Ports = Record<Service, number>;

/** What `npm start` uses; override one with LINEA_<SERVICE>_PORT or --<service>-port. */
export const DEFAULT_PORTS: Ports = {
  web: 4173,
  api: 4000,
  bus: 4010,
  lambda: 4020,
  cognito: 9229,
  ses: 8005,
  dynamodb: 8000,
  stripe: 4030,
  secrets: 4040,
  kms: 4050,
  s3: 4060,
  bedrock: 4070,
  cloudfront: 4080,
};

const LABELS: Record<Service, string> = {
  web: 'the web app',
  api: 'the local API gateway',
  bus: 'the local event bus',
  lambda: 'the local Lambda invoke API',
  cognito: 'cognito-local',
  ses: 'the SES emulator',
  dynamodb: 'DynamoDB Local',
  stripe: 'the Stripe stand-in',
  secrets: 'the local Secrets Manager',
  kms: 'the local KMS',
  s3: 'the S3 stand-in',
  bedrock: 'the Bedrock stand-in',
  cloudfront: 'the CloudFront stand-in',
};

/**
 * Binds and releases `port` on `host`; DynamoDB Local cannot be told an interface and binds
 * every one, so it is checked on the wildcard address (`host` undefined).
 */
function probe(port: number, host: string | undefined): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      server.close(() => resolvePort(bound));
    });
  });
}

export function bindHostFor(service: Service): string | undefined {
  return service === 'dynamodb' ? undefined : '127.0.0.1';
}

/**
 * Turns requested ports into concrete ones: 0 becomes a free port, a fixed port is checked up
 * front so that a clash fails before anything starts, with a message that says what to do.
 */
export async function resolvePorts(requested: Partial<Ports>): Promise<Ports> {
  const resolved = {} as Ports;
  const taken = new Set<number>();
  for (const service of SERVICES) {
    const wanted = requested[service] ?? 0;
    let port: number;
    try {
      port = await probe(wanted, bindHostFor(service));
      // Port 0 may hand out the same number twice when nothing holds it in between.
      while (taken.has(port)) port = await probe(0, bindHostFor(service));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE' || (err as NodeJS.ErrnoException).code === 'EACCES') {
        throw new Error(
          `Port ${wanted} for ${LABELS[service]} is already in use. ` +
            `Stop whatever holds it (see \`lsof -i :${wanted}\`; an earlier \`npm start\` perhaps) ` +
            `or pick another port: LINEA_${service.toUpperCase()}_PORT=<port> npm start`,
          { cause: err },
        );
      }
      throw err;
    }
    taken.add(port);
    resolved[service] = port;
  }
  return resolved;
}

/** Reads LINEA_<SERVICE>_PORT and `--<service>-port <n>` / `--<service>-port=<n>` overrides. */
export function portOverrides(argv: readonly string[], env: NodeJS.ProcessEnv): Partial<Ports> {
  const overrides: Partial<Ports> = {};
  const parse = (service: Service, raw: string, from: string): number => {
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new Error(`${from}: "${raw}" is not a port number (0-65535)`);
    }
    return port;
  };
  for (const service of SERVICES) {
    const name = `LINEA_${service.toUpperCase()}_PORT`;
    const fromEnv = env[name];
    if (fromEnv) overrides[service] = parse(service, fromEnv, name);
    const flag = `--${service}-port`;
    argv.forEach((arg, i) => {
      if (arg === flag && argv[i + 1] !== undefined) overrides[service] = parse(service, argv[i + 1] as string, flag);
      else if (arg.startsWith(`${flag}=`)) overrides[service] = parse(service, arg.slice(flag.length + 1), flag);
    });
  }
  return overrides;
}
