/**
 * Loads Lambda handlers straight from TypeScript (the launcher runs under tsx, tests under
 * Vitest's module runner) and invokes them with a Lambda-like context. One import per module,
 * as one cold start per function instance.
 */
import { randomUUID } from 'node:crypto';
import { register } from 'node:module';
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { assertEnvironmentReady } from './environment';
import { functionModulePath } from './paths';

export type LambdaHandler = (event: unknown, context: Context) => unknown;

const cache = new Map<string, Promise<LambdaHandler>>();

/**
 * The storefront pages function renders the web app's components, which import their styles.
 * Its Lambda bundle drops those imports (esbuild's empty loader, see ShopFunction); Node, which
 * runs the functions here, is taught the same with a module hook. Vitest's module runner handles
 * style imports itself.
 */
const EMPTY_STYLE_HOOK = `export async function load(url, context, nextLoad) {
  if (/\\.css(\\?.*)?$/.test(url)) return { format: 'module', source: '', shortCircuit: true };
  return nextLoad(url, context);
}`;
let styleHookRegistered = false;
function registerEmptyStyleImports(): void {
  if (styleHookRegistered || process.env.VITEST) return;
  styleHookRegistered = true;
  register(`data:text/javascript,${encodeURIComponent(EMPTY_STYLE_HOOK)}`);
}

/** `module` is a path under functions/ without extension, or an absolute file path (test fixtures). */
export function resolveModule(module: string): string {
  return isAbsolute(module) ? module : functionModulePath(module);
}

export function loadHandler(module: string): Promise<LambdaHandler> {
  const file = resolveModule(module);
  let loaded = cache.get(file);
  if (!loaded) {
    assertEnvironmentReady();
    registerEmptyStyleImports();
    loaded = import(pathToFileURL(file).href).then((exports: Record<string, unknown>) => {
      const handler = exports.handler;
      if (typeof handler !== 'function') throw new Error(`${file} does not export a function named "handler"`);
      return handler as LambdaHandler;
    });
    // A module that failed to load (a syntax error mid-edit) is tried again on the next call.
    loaded.catch(() => cache.delete(file));
    cache.set(file, loaded);
  }
  return loaded;
}

export function lambdaContext(functionName: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  const unsupported = (): never => {
    throw new Error('Callback-style Lambda context methods are not supported locally; return a promise');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

export class InvocationTimeoutError extends Error {
  constructor(functionName: string, timeoutMs: number) {
    super(`${functionName} timed out after ${timeoutMs} ms`);
    this.name = 'InvocationTimeoutError';
  }
}

/** Invokes like Lambda would: awaited, and abandoned with an error once the timeout passes. */
export async function invoke(module: string, event: unknown, timeoutMs: number): Promise<unknown> {
  const handler = await loadHandler(module);
  const functionName = isAbsolute(module) ? module.replace(/^.*[\\/]/, '').replace(/\.[tj]s$/, '') : module;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new InvocationTimeoutError(functionName, timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([
      Promise.resolve().then(() => handler(event, lambdaContext(functionName, timeoutMs))),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
