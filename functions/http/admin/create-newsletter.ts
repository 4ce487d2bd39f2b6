import { randomUUID } from 'node:crypto';
import { createNewsletterRequest } from '@linea/shared/contracts/newsletter';
import { newsletters, toNewsletterDto, type Newsletter } from '../../data/newsletter-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler(
  'POST /admin/newsletters',
  { body: createNewsletterRequest },
  async ({ body, actor }) => {
    const newsletter: Newsletter = {
      id: randomUUID(),
      ...body,
      createdAt: new Date().toISOString(),
      status: 'draft',
      sentCount: 0,
    };
    await newsletters.create(newsletter, actor);
    return json(201, toNewsletterDto(newsletter));
  },
);
