/**
 * `POST /model/{modelId}/converse`: the request read and validated, the armed fault (if any)
 * played, then the responder's answer with Bedrock's usage and metrics, or Bedrock's error.
 */
import { randomUUID } from 'node:crypto';
import { BodyTooLarge, readBody, send, pause, type Incoming, type Outgoing } from './dual-protocol-server';
import { BEDROCK_ERRORS, BedrockError, ERROR_NAMESPACE } from './errors';
import { takeFault } from './faults';
import { respond } from './respond';
import { RECORDED_REQUESTS, type StandInState } from './stand-in-state';
import { validateConverse } from './validate-converse';
import { isObject, type ConverseRequestBody } from './wire';

const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Bedrock counts tokens; the stand-in estimates them (about four characters each). */
const tokensIn = (value: unknown): number => Math.max(1, Math.ceil(JSON.stringify(value ?? '').length / 4));

const fail = (res: Outgoing, requestId: string, error: BedrockError): void =>
  send(
    res,
    BEDROCK_ERRORS[error.type].status,
    { message: error.message },
    {
      'x-amzn-errortype': `${error.type}:${ERROR_NAMESPACE}`,
      'x-amzn-requestid': requestId,
    },
  );

export function converseEndpoint(state: StandInState) {
  const { served, faults, recorded, log } = state;

  const servesModel = (modelId: string): boolean =>
    modelId === served || (modelId.startsWith('arn:') && modelId.endsWith(`/${served}`));

  return async (req: Incoming, res: Outgoing, rawModelId: string): Promise<void> => {
    const started = performance.now();
    const requestId = randomUUID();
    let raw: string;
    try {
      raw = await readBody(req, MAX_BODY_BYTES);
    } catch (err) {
      if (err instanceof BodyTooLarge) {
        fail(res, requestId, new BedrockError('ValidationException', 'Input is too long for requested model.'));
        return;
      }
      throw err;
    }
    let modelId: string;
    try {
      modelId = decodeURIComponent(rawModelId);
    } catch {
      fail(res, requestId, new BedrockError('ValidationException', 'The provided model identifier is invalid.'));
      return;
    }
    let body: ConverseRequestBody;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (!isObject(parsed)) throw new Error('not an object');
      body = parsed;
    } catch {
      send(
        res,
        400,
        { message: 'Request body is not a JSON object' },
        {
          'x-amzn-errortype': `SerializationException:${ERROR_NAMESPACE}`,
          'x-amzn-requestid': requestId,
        },
      );
      return;
    }
    recorded.push({ at: new Date().toISOString(), modelId, body });
    if (recorded.length > RECORDED_REQUESTS) recorded.splice(0, recorded.length - RECORDED_REQUESTS);

    const fault = takeFault(faults);
    if (fault) {
      log(
        `fault: ${fault.type ?? 'delay'}${fault.delayMs ? ` after ${fault.delayMs} ms` : ''} (${fault.remaining} left)`,
      );
      if (fault.delayMs && !(await pause(fault.delayMs, res))) return;
      if (fault.type) {
        fail(res, requestId, new BedrockError(fault.type, fault.message ?? undefined));
        return;
      }
    }
    try {
      if (!servesModel(modelId)) {
        throw new BedrockError(
          'ResourceNotFoundException',
          `Could not resolve the foundation model from the model identifier ${modelId}. The local Bedrock stand-in serves ${served} only.`,
        );
      }
      const conversation = validateConverse(body);
      const reply = respond(body, conversation);
      const message = { role: 'assistant', content: reply.content };
      const inputTokens = tokensIn([body.system, body.messages, body.toolConfig]);
      const outputTokens = tokensIn(reply.content);
      const use = reply.content.find((block) => block.toolUse)?.toolUse;
      log(`converse: ${reply.stopReason}${use ? ` ${use.name} ${JSON.stringify(use.input)}` : ''}`);
      send(
        res,
        200,
        {
          output: { message },
          stopReason: reply.stopReason,
          usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
          metrics: { latencyMs: Math.max(0, Math.round(performance.now() - started)) },
        },
        { 'x-amzn-requestid': requestId },
      );
    } catch (err) {
      if (!(err instanceof BedrockError)) throw err;
      log(`converse: ${err.type}: ${err.message}`);
      fail(res, requestId, err);
    }
  };
}
