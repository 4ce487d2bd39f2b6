/**
 * A tiny Lambda Invoke API (`POST /2015-03-31/functions/{name}/invocations`), just enough for
 * cognito-local to run our Cognito triggers the way Cognito runs them in the cloud.
 *
 * Errors follow Lambda: a function that throws still answers 200, with the
 * `X-Amz-Function-Error: Unhandled` header and `{errorType, errorMessage}` as the payload.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { invoke } from './handlers';
import { listen, readBody, sendJson, type RunningServer } from './http-server';

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;
const MAX_PAYLOAD_BYTES = 6 * 1024 * 1024;
const TRIGGER_TIMEOUT_MS = 5_000;

/** Function name → module (under functions/, or absolute for local-only shims). */
export type FunctionRegistry = Readonly<Record<string, string>>;

function notFound(res: ServerResponse, name: string): void {
  sendJson(
    res,
    404,
    { Type: 'User', message: `Function not found: arn:aws:lambda:local:000000000000:function:${name}` },
    { 'x-amzn-errortype': 'ResourceNotFoundException' },
  );
}

async function handle(
  registry: FunctionRegistry,
  log: (line: string) => void,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const match = req.method === 'POST' ? INVOKE_PATH.exec(new URL(req.url ?? '/', 'http://local').pathname) : null;
  if (!match?.[1]) {
    sendJson(
      res,
      404,
      { message: 'Only Invoke is implemented locally' },
      { 'x-amzn-errortype': 'UnknownOperationException' },
    );
    return;
  }
  // The SDK sends a name, a partial ARN or a full ARN; the name is the last segment.
  const name =
    decodeURIComponent(match[1])
      .split(':')
      .filter((part) => part && part !== '$LATEST')
      .pop() ?? '';
  const module = registry[name];
  if (!module) {
    notFound(res, name);
    return;
  }
  const raw = (await readBody(req, MAX_PAYLOAD_BYTES)).toString('utf8');
  const event: unknown = raw ? JSON.parse(raw) : {};
  const invocationType = String(req.headers['x-amz-invocation-type'] ?? 'RequestResponse');
  if (invocationType === 'DryRun') {
    res.writeHead(204).end();
    return;
  }
  const run = invoke(module, event, TRIGGER_TIMEOUT_MS);
  if (invocationType === 'Event') {
    run.catch((err: unknown) => log(`[lambda] ${name} failed (async invocation): ${(err as Error).message}`));
    res.writeHead(202).end();
    return;
  }
  try {
    const result = await run;
    sendJson(res, 200, result ?? null, { 'x-amz-executed-version': '$LATEST' });
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    log(`[lambda] ${name} threw: ${error.message}`);
    sendJson(
      res,
      200,
      { errorType: error.name, errorMessage: error.message, trace: (error.stack ?? '').split('\n') },
      { 'x-amz-function-error': 'Unhandled', 'x-amz-executed-version': '$LATEST' },
    );
  }
}

export function startLambdaInvokeApi(
  port: number,
  registry: FunctionRegistry,
  log: (line: string) => void,
): Promise<RunningServer> {
  return listen('lambda', port, (req, res) => handle(registry, log, req, res));
}
