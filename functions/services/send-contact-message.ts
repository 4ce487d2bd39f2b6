import { randomUUID } from 'node:crypto';
import type { ContactMessageRequest, ContactMessageResponse } from '@linea/shared/contracts/contact';
import { contactMessages as contactRepository, type createContactRepository } from '../data/contact-repository';
import { publish as publishEvent } from '../lib/events';
import { logger } from '../lib/logger';

interface Deps {
  messages: Pick<ReturnType<typeof createContactRepository>, 'add' | 'remove'>;
  publish: typeof publishEvent;
  now: () => Date;
  newId: () => string;
}

/**
 * Keeps the message, then hands it to the bus, whose consumer emails the shop. If the bus
 * refuses, the stored copy is taken back and the request fails, so the shopper (whose form
 * keeps its text) can send again without the shop receiving it twice.
 */
export async function sendContactMessage(
  request: ContactMessageRequest,
  deps: Deps = { messages: contactRepository, publish: publishEvent, now: () => new Date(), newId: randomUUID },
): Promise<ContactMessageResponse> {
  const message = {
    id: deps.newId(),
    name: request.name,
    email: request.email,
    ...(request.subject ? { subject: request.subject } : {}),
    message: request.message,
    locale: request.locale ?? 'en',
    receivedAt: deps.now().toISOString(),
  };
  await deps.messages.add(message);
  try {
    const { id, ...rest } = message;
    await deps.publish('ContactMessageReceived', { version: 1, messageId: id, ...rest });
  } catch (err) {
    logger.error('ContactMessageReceived not published; rolling back the message', { err, messageId: message.id });
    await deps.messages.remove(message.id);
    throw err;
  }
  return { id: message.id, receivedAt: message.receivedAt };
}
