import { createHash } from 'node:crypto';
import { chatRequest } from '@linea/shared/contracts/chat';
import { RateLimitedError } from '@linea/shared/errors';
import { rateLimits } from '../../data/rate-limit-repository';
import { addressBlock } from '../../lib/address-block';
import { httpHandler, json } from '../../lib/http';
import { optionalActor } from '../../lib/token';
import { answerChat } from '../../services/chat';

/** Per caller: a conversation's pace, not a script's. */
export const CHAT_RATE_LIMIT = { requests: 20, windowSeconds: 5 * 60 } as const;

/**
 * The guest's own address. Behind CloudFront's /api/* the connection comes from an edge server,
 * which names the shopper in CloudFront-Viewer-Address ("ip:port"); without it (locally, or the
 * API called directly) the connection's own address. A caller who forges the header only gets
 * a window of their own, as a new address would; the route's throttle still bounds everyone.
 */
export function guestAddress(event: {
  headers: Record<string, string | undefined>;
  requestContext: { http: { sourceIp: string } };
}): string {
  const viewer = event.headers['cloudfront-viewer-address']?.trim();
  if (viewer) return viewer.includes(':') ? viewer.slice(0, viewer.lastIndexOf(':')) : viewer;
  return event.requestContext.http.sourceIp;
}

/**
 * POST /chat: the shop assistant. A signed-in caller is known from the token alone (their orders
 * become a tool); a guest is counted by a hash of their address's block (an IPv6 guest by their
 * /64), which is never stored as such.
 */
export const handler = httpHandler(
  'POST /chat',
  { body: chatRequest, identify: optionalActor },
  async ({ body, actor, event }) => {
    const caller = actor
      ? `user:${actor.userId}`
      : `ip:${createHash('sha256')
          .update(addressBlock(guestAddress(event)))
          .digest('base64url')
          .slice(0, 22)}`;
    if (!(await rateLimits.take('chat', caller, CHAT_RATE_LIMIT))) throw new RateLimitedError();
    return json(200, await answerChat(body, actor));
  },
);
