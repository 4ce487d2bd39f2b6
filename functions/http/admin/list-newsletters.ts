import type { NewsletterListResponse } from '@linea/shared/contracts/newsletter';
import { newsletters, toNewsletterDto } from '../../data/newsletter-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('GET /admin/newsletters', {}, async () => {
  const response: NewsletterListResponse = { items: (await newsletters.listRecent()).map(toNewsletterDto) };
  return json(200, response);
});
