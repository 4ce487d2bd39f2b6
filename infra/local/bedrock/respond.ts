/** The responder (pure): one Converse request in, the assistant's message out. */
import { createHash } from 'node:crypto';
import type { ChatToolName, ChatToolProduct, ShopPoliciesInput, SizeAdviceInput } from '../../../shared/contracts/chat';
import { answerFor, isProduct, type ToolOutcome } from './answers';
import { replyLanguage, type Language } from './language';
import { TEXTS } from './texts';
import { understand, type Understanding } from './understand';
import { offeredTools } from './validate-converse';
import { isObject, type ConverseReply, type ConverseRequestBody, type ToolResultBlock, type WireMessage } from './wire';

const say = (message: string): ConverseReply => ({ content: [{ text: message }], stopReason: 'end_turn' });

/** Bedrock's ids look like `tooluse_` and 22 URL-safe characters; these are derived from the conversation. */
const toolUseId = (seed: string): string =>
  `tooluse_${createHash('sha256').update(seed).digest('base64url').slice(0, 22)}`;

const ask = (name: ChatToolName, input: object, seed: string): ConverseReply => ({
  content: [{ toolUse: { toolUseId: toolUseId(seed), name, input } }],
  stopReason: 'tool_use',
});

/** The question this turn answers: the newest user message that has text. */
function currentQuestion(conversation: readonly WireMessage[]): { text: string; index: number } | undefined {
  for (let index = conversation.length - 1; index >= 0; index -= 1) {
    const message = conversation[index] as WireMessage;
    const parts = message.content.flatMap((block) => (typeof block.text === 'string' ? [block.text] : []));
    if (message.role === 'user' && parts.length) return { text: parts.join('\n'), index };
  }
  return undefined;
}

/** A tool result's `json` block (or a text block holding JSON). */
function resultOf(block: ToolResultBlock): unknown {
  for (const part of Array.isArray(block.content) ? block.content : []) {
    if (!isObject(part)) continue;
    if (part.json !== undefined) return part.json;
    if (typeof part.text === 'string') {
      try {
        return JSON.parse(part.text) as unknown;
      } catch {
        return { text: part.text };
      }
    }
  }
  return undefined;
}

/** The first move on a new question: a tool call, or an answer that needs none. */
export function firstMove(
  understanding: Understanding,
  language: Language,
  offered: readonly string[],
  seed = '',
): ConverseReply {
  const t = TEXTS[language];
  const tool = (name: ChatToolName, input: object) =>
    offered.includes(name) ? ask(name, input, seed) : say(t.cannotLookUp);
  switch (understanding.intent) {
    case 'refusal':
      return say(t.refusal);
    case 'orders':
      return offered.includes('my_orders') ? ask('my_orders', {}, seed) : say(t.signIn);
    case 'size':
      return understanding.measurement
        ? tool('size_advice', {
            category: understanding.table,
            measurement: understanding.measurement.value,
            unit: understanding.measurement.unit,
          } satisfies SizeAdviceInput)
        : say(t.askMeasurement(understanding.table));
    case 'policies':
      return tool('shop_policies', { topic: understanding.topic } satisfies ShopPoliciesInput);
    case 'products':
      return tool('search_products', understanding.search);
    case 'greeting':
      return say(t.greeting);
    case 'thanks':
      return say(t.thanks);
    case 'unknown':
      return say(t.notUnderstood);
  }
}

/**
 * The assistant's next message for a valid conversation: on a new question the tool it needs
 * (or an answer without one); after tool results the answer composed from them, or, when a
 * search found exactly the one product whose sizes, colours or stock were asked about, one more
 * round with `get_product` for it.
 */
export function respond(body: ConverseRequestBody, conversation: readonly WireMessage[]): ConverseReply {
  const language = replyLanguage(body.system);
  const offered = offeredTools(body) ?? [];
  const seed = JSON.stringify(conversation);
  const t = TEXTS[language];
  const last = conversation[conversation.length - 1];
  // A conversation that ends with the assistant (a prefill) has nothing new to answer.
  if (!last || last.role !== 'user') return say(t.notUnderstood);
  const question = currentQuestion(conversation);
  const understanding = understand(question?.text ?? '');
  const results = last.content.flatMap((block) => (block.toolResult ? [block.toolResult] : []));
  if (!results.length) return firstMove(understanding, language, offered, seed);

  const previous = conversation[conversation.length - 2];
  const uses = new Map(
    (previous?.content ?? []).flatMap((block) =>
      block.toolUse ? [[block.toolUse.toolUseId, block.toolUse] as const] : [],
    ),
  );
  const outcomes: ToolOutcome[] = results.map((block) => {
    const use = uses.get(block.toolUseId);
    return { name: use?.name ?? '', input: use?.input, ok: block.status !== 'error', result: resultOf(block) };
  });
  const details = understanding.intent === 'products' && understanding.details;
  const usedThisTurn = conversation
    .slice((question?.index ?? 0) + 1)
    .flatMap((message) => message.content.flatMap((block) => (block.toolUse ? [block.toolUse.name] : [])));
  const search = outcomes.find((outcome) => outcome.name === 'search_products' && outcome.ok);
  const hits =
    search && isObject(search.result) && Array.isArray(search.result.products)
      ? search.result.products.filter(isProduct)
      : [];
  const only = hits.length === 1 ? (hits[0] as ChatToolProduct) : undefined;
  if (
    details &&
    only &&
    typeof only.id === 'string' &&
    offered.includes('get_product') &&
    !usedThisTurn.includes('get_product')
  ) {
    return ask('get_product', { id: only.id }, seed);
  }
  return say(outcomes.map((outcome) => answerFor(outcome, language, details)).join(' '));
}
