/**
 * `npm run redrive`: delivers the dead letters of the running `npm start` again (after the cause
 * of their failure is fixed, e.g. the mail server is back). Each letter goes once more to its
 * rule's consumer; delivered ones are removed from <data>/dead-letters/, those that fail again
 * stay there and are listed. Exits 1 if any failed, so a script can tell.
 *
 *   npm run redrive                     the cloud of `npm start` (found in .data/local-endpoints.json)
 *   npm run redrive -- --data-dir <d>   a cloud started with another data directory
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LocalCloudEndpoints } from './cloud';
import type { RedriveReport } from './event-bus';
import { DEFAULT_PERSIST_DIR } from './paths';

function dataDirFrom(argv: readonly string[]): string {
  const flag = argv.indexOf('--data-dir');
  if (flag >= 0) {
    const dir = argv[flag + 1];
    if (!dir) throw new Error('--data-dir needs a directory');
    return resolve(dir);
  }
  return DEFAULT_PERSIST_DIR;
}

async function main(): Promise<void> {
  const dataDir = dataDirFrom(process.argv.slice(2));
  const endpointsFile = join(dataDir, 'local-endpoints.json');
  if (!existsSync(endpointsFile)) {
    throw new Error(`${endpointsFile} does not exist: start the shop with npm start first`);
  }
  const { eventBusUrl } = JSON.parse(readFileSync(endpointsFile, 'utf8')) as LocalCloudEndpoints;
  let response: Response;
  try {
    response = await fetch(`${eventBusUrl}/redrive`, { method: 'POST' });
  } catch (err) {
    throw new Error(`The local bus at ${eventBusUrl} does not answer; is npm start running?`, { cause: err });
  }
  if (!response.ok) throw new Error(`The local bus answered ${response.status}: ${await response.text()}`);
  const report = (await response.json()) as RedriveReport;
  for (const letter of report.delivered) console.log(`delivered  ${letter.eventId}  ${letter.rule}`);
  for (const letter of report.failed) {
    console.error(`FAILED     ${letter.eventId}  ${letter.rule}: ${letter.error}\n           kept in ${letter.file}`);
  }
  console.log(`${report.delivered.length} delivered, ${report.failed.length} failed again`);
  if (report.failed.length > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(`[redrive] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
