/**
 * The shop assistant's daily model-token budget for the whole shop. The per-caller window
 * (post-chat.ts) bounds one shopper; this bounds the bill when many callers (or one with many
 * addresses) ask at once: once the day's tokens are spent, every shopper is told the assistant
 * is temporarily unavailable until the next UTC day, and the owner's alarm goes off.
 */
import { AssistantUnavailableError } from '@linea/shared/errors';
import { rateLimits, type RateLimitRepository } from '../data/rate-limit-repository';
import { recordCount } from '../lib/count-metric';
import { logger } from '../lib/logger';
import { METRIC_NAMES } from '../lib/metric-names';

/**
 * Model tokens (input and output, as Bedrock counts them) the assistant may use per UTC day.
 * A question costs about 3,000 to 6,000 tokens (the system prompt and tool descriptions, some
 * 1,200, sent with each of its up to three calls, plus history, tool results and the answer),
 * at most about 12,000 with the longest history the model is given. 1.5 million tokens are
 * some 300 questions a day, several times what a small brand's shop is asked, and, mostly input,
 * about USD 2 a day at Claude 3.5 Haiku's on-demand price (the default model) when written:
 * a bill the owner would not notice on an ordinary day, and a ceiling on a bad one.
 */
export const DAILY_CHAT_TOKEN_BUDGET = 1_500_000;

/** Where a question's tokens are checked and counted. */
export interface TokenBudget {
  /** False once the day's budget is spent. */
  hasLeft(): Promise<boolean>;
  /** Counts the tokens one model call used. */
  spend(tokens: number): Promise<void>;
}

/**
 * The shop's budget in the table: a rate window of one UTC day (`RATE#chat-tokens#shop#<its
 * midnight in epoch seconds>`, gone with the day) counted in tokens, for the one caller that is
 * the whole shop.
 */
export function dailyTokenBudget(
  limits: Pick<RateLimitRepository, 'take'> = rateLimits,
  budget: number = DAILY_CHAT_TOKEN_BUDGET,
  now: () => number = Date.now,
): TokenBudget {
  const day = { requests: budget, windowSeconds: 24 * 60 * 60 };
  const count = (units: number) => limits.take('chat-tokens', 'shop', day, { units, now: now() });
  return {
    hasLeft: () => count(0),
    // Once the day is spent there is nothing left to count: a refused add changes nothing.
    spend: async (tokens) => void (await count(tokens)),
  };
}

/**
 * Before a question reaches the model: a spent budget is the shopper's 'temporarily unavailable'
 * (ASSISTANT_UNAVAILABLE, as any other failure of the model) and a count of the metric the
 * owner's alarm watches. Checked once per question, not per call: a question that started gets
 * its answer, so the day may end a few questions over the budget, never more than those in flight.
 */
export async function ensureTokensLeft(budget: TokenBudget): Promise<void> {
  if (await budget.hasLeft()) return;
  logger.warn('assistant token budget spent');
  recordCount(METRIC_NAMES.chatTokenBudgetSpent);
  throw new AssistantUnavailableError('TokenBudgetSpent');
}
