/** Converse's wire shapes, as far as the stand-in reads or writes them. */

export interface ToolUseBlock {
  toolUseId: string;
  name: string;
  input: unknown;
}
export interface ToolResultBlock {
  toolUseId: string;
  content?: Array<{ json?: unknown; text?: string }>;
  status?: 'success' | 'error';
}
export interface WireContentBlock {
  text?: string;
  toolUse?: ToolUseBlock;
  toolResult?: ToolResultBlock;
  [other: string]: unknown;
}
export interface WireMessage {
  role: 'user' | 'assistant';
  content: WireContentBlock[];
}
export interface ConverseRequestBody {
  messages?: unknown;
  system?: unknown;
  toolConfig?: unknown;
  inferenceConfig?: unknown;
  [other: string]: unknown;
}

/** What the responder answers: the assistant's content blocks and why it stopped. */
export interface ConverseReply {
  readonly content: WireContentBlock[];
  readonly stopReason: 'end_turn' | 'tool_use';
}

/** A JSON object: not null, not an array. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
