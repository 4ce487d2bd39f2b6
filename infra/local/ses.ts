/**
 * The SES emulator aws-ses-v2-local, run as `node <pkg>/dist/cli.js`. It keeps mail in memory:
 * the mailbox page is at `/`, the JSON list at `GET /store`.
 */
import { join } from 'node:path';
import { childEnvironment } from './child-env';
import { packageDir } from './paths';
import type { ManagedChild, ProcessGroup } from './processes';
import { httpOk, waitFor } from './wait';

export interface SesEmulator {
  readonly endpoint: string;
  readonly child: ManagedChild;
}

export async function startSesEmulator(
  group: ProcessGroup,
  options: {
    port: number;
    cwd: string;
    /** Where the emulator relays every email it stores (nodemailer options as JSON): ses-feedback.ts. */
    smtpTransport?: string;
  },
): Promise<SesEmulator> {
  const child = group.spawn({
    name: 'ses',
    command: process.execPath,
    args: [
      join(packageDir('aws-ses-v2-local'), 'dist', 'cli.js'),
      '--host',
      '127.0.0.1',
      '--port',
      String(options.port),
    ],
    cwd: options.cwd,
    env: childEnvironment(options.smtpTransport ? { SMTP_TRANSPORT: options.smtpTransport } : {}),
  });
  const endpoint = `http://127.0.0.1:${options.port}`;
  await waitFor('the SES emulator', child, () => httpOk(`${endpoint}/health-check`));
  return { endpoint, child };
}
