/**
 * Faults a test arms through `POST /_stand-in/faults`: the next `count` Converse calls wait
 * `delayMs`, then fail with Bedrock's error `type` (or answer normally without one).
 */
import { BEDROCK_ERRORS, type BedrockErrorType } from './errors';

const MAX_FAULT_DELAY_MS = 10 * 60 * 1000;

export interface Fault {
  readonly type: BedrockErrorType | null;
  readonly message: string | null;
  readonly delayMs: number;
  remaining: number;
}

/** The first armed fault, counted down (and disarmed once used up). */
export function takeFault(faults: Fault[]): Fault | undefined {
  const fault = faults[0];
  if (!fault) return undefined;
  fault.remaining -= 1;
  if (fault.remaining <= 0) faults.shift();
  return fault;
}

/** The fault a control request's JSON body describes, or why it describes none. */
export function faultFrom(input: Record<string, unknown>): { readonly fault: Fault } | { readonly error: string } {
  const { type, count = 1, delayMs = 0, message } = input;
  if (type !== undefined && (typeof type !== 'string' || !Object.hasOwn(BEDROCK_ERRORS, type))) {
    return { error: `type must be one of ${Object.keys(BEDROCK_ERRORS).join(', ')}` };
  }
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
    return { error: 'count must be a positive integer' };
  }
  if (typeof delayMs !== 'number' || !Number.isInteger(delayMs) || delayMs < 0 || delayMs > MAX_FAULT_DELAY_MS) {
    return { error: `delayMs must be an integer from 0 to ${MAX_FAULT_DELAY_MS}` };
  }
  if (type === undefined && delayMs === 0) {
    return { error: 'Give a type (an error to answer with), a delayMs, or both' };
  }
  if (message !== undefined && typeof message !== 'string') {
    return { error: 'message must be a string' };
  }
  const fault: Fault = {
    type: (type as BedrockErrorType | undefined) ?? null,
    message: message ?? null,
    delayMs,
    remaining: count,
  };
  return { fault };
}
