import { createHash } from 'node:crypto';
import { chatRequest } from '@linea/shared/contracts/chat';
import { RateLimitedError } from '@linea/shared/errors';
import { rateLimits } from '../../data/rate-limit-repository';
import { httpHandler, json } from '../../lib/http';
import { answerChat } from '../../services/chat';

/** Per caller: a conversation's pace, not a script's. */
export const CHAT_RATE_LIMIT = { requests: 20, windowSeconds: 5 * 60 } as const;

/**
 * POST /chat: the shop assistant. A signed-in caller is known from the token alone (their orders
 * become a tool); a guest is counted by a hash of their address, which is never stored as such.
 */
export const handler = httpHandler('POST /chat', { body: chatRequest }, async ({ body, actor, event }) => {
  const caller = actor
    ? `user:${actor.userId}`
    : `ip:${createHash('sha256').update(event.requestContext.http.sourceIp).digest('base64url').slice(0, 22)}`;
  if (!(await rateLimits.take('chat', caller, CHAT_RATE_LIMIT))) throw new RateLimitedError();
  return json(200, await answerChat(body, actor));
});
