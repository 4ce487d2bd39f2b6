import { handler as getMissingPage } from '../http/site/get-missing-page';
import { handler as notFound } from '../http/not-found';
import { areaHandler } from '../lib/area';

export const handler = areaHandler('site', {
  'GET /pages/{page+}': getMissingPage,
  $default: notFound,
});
