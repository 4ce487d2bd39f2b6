/**
 * The Bedrock stand-in: Amazon Bedrock Runtime's Converse API (`POST /model/{modelId}/converse`,
 * REST-JSON) for the real `@aws-sdk/client-bedrock-runtime`, pointed here by
 * `AWS_ENDPOINT_URL_BEDROCK_RUNTIME`. The shop assistant (functions/services/chat.ts) runs its
 * tool loop against it unchanged: the stand-in asks for the shop's tools, the functions run them
 * against the local table, and the stand-in writes the answer from their results.
 *
 * It is a deterministic, rule-based responder, not a language model: it recognises a handful of
 * intents by English and German words (INTENT_WORDS in word-tables.ts), picks the tool a model would pick
 * with the input a model would give, and composes its answer only from the tool results, in the
 * language the system prompt names (`Reply language: en|de`). What it does not recognise it says
 * so, and points to the contact page. The same question always gets the same answer.
 *
 * The SDK speaks HTTP/2 to Bedrock (NodeHttp2Handler, cleartext "prior knowledge" for an http://
 * endpoint), people and tests speak HTTP/1.1: one port serves both, told apart by the HTTP/2
 * connection preface.
 *
 * Test-only control endpoints (loopback only, no signature needed):
 *   GET    /_stand-in/requests  → the last 50 Converse request bodies (a JSON array, oldest first)
 *   DELETE /_stand-in/requests  → forgets them
 *   GET    /_stand-in/faults    → the armed faults
 *   POST   /_stand-in/faults    JSON { type?, count? = 1, delayMs?, message? }: the next `count` Converse calls
 *                               wait `delayMs`, then fail with Bedrock's error `type` (or answer normally without one)
 *   DELETE /_stand-in/faults    → clears them
 */
import type { RunningServer } from '../http-server';
import { controlEndpoints } from './control';
import { converseEndpoint } from './converse-endpoint';
import { listenBoth, send } from './dual-protocol-server';
import { ERROR_NAMESPACE } from './errors';
import type { StandInState } from './stand-in-state';

/**
 * The model the local cloud serves and the functions are configured with: the cloud's default
 * (DEFAULT_CHAT_MODEL_ID in infra/cdk/shop-stack.ts; tests/infra/local-bedrock.test.ts keeps them equal).
 */
export const LOCAL_CHAT_MODEL_ID = 'eu.anthropic.claude-3-5-haiku-20241022-v1:0';

export interface BedrockStandInOptions {
  /** 0 = any free port. */
  readonly port: number;
  /** The one model id served; any other is ResourceNotFoundException. @default LOCAL_CHAT_MODEL_ID */
  readonly modelId?: string;
  /** Verbose lines (every call, every armed fault). */
  readonly log: (line: string) => void;
}

export interface BedrockStandIn extends RunningServer {
  readonly modelId: string;
}

export function startBedrockStandIn(options: BedrockStandInOptions): Promise<BedrockStandIn> {
  const served = options.modelId ?? LOCAL_CHAT_MODEL_ID;
  const state: StandInState = {
    served,
    faults: [],
    recorded: [],
    log: (line) => options.log(`[bedrock] ${line}`),
  };
  const converse = converseEndpoint(state);
  const control = controlEndpoints(state);

  return listenBoth('bedrock', options.port, async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://bedrock').pathname;
    if (path.startsWith('/_stand-in/')) return control(req, res, path);
    const operation = /^\/model\/([^/]+)\/([a-z-]+)$/.exec(path);
    if (req.method === 'POST' && operation?.[2] === 'converse') return converse(req, res, operation[1] as string);
    const what = operation ? `${operation[2]} (POST /model/{modelId}/${operation[2]})` : `${req.method} ${path}`;
    send(
      res,
      404,
      { message: `The local Bedrock stand-in implements only Converse (POST /model/{modelId}/converse), not ${what}.` },
      {
        'x-amzn-errortype': `UnknownOperationException:${ERROR_NAMESPACE}`,
      },
    );
  }).then((server) => ({ ...server, modelId: served }));
}
