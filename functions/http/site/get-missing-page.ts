import { GetObjectCommand } from '@aws-sdk/client-s3';
import { missingPageParams } from '@linea/shared/contracts/site';
import { NotFoundError } from '@linea/shared/errors';
import { namedPageKey, PAGE_LOCALES } from '@linea/web/server/page-routing';
import { s3 } from '../../lib/clients/s3';
import { siteBucket } from '../../lib/config';
import { httpHandler } from '../../lib/http';

/**
 * The site's prerendered not-found page, with a 404, for a page path that has no page in the
 * site bucket (`/pages/de/product/no-such-id.html`): CloudFront's default behaviour fails over to
 * this route on the bucket's 403/404, as the local web server does. The language is the path's.
 */
export const handler = httpHandler('GET /pages/{page+}', { params: missingPageParams }, async ({ params }) => {
  const [first] = params.page.split('/');
  const locale = PAGE_LOCALES.find((candidate) => candidate === first) ?? PAGE_LOCALES[0];
  const object = await s3
    .send(new GetObjectCommand({ Bucket: siteBucket(), Key: namedPageKey(locale ?? 'en', '404') }))
    .catch((error: unknown) => {
      // Before the first render (a stack still deploying) there is no page to show yet.
      if (error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound')) return undefined;
      throw error;
    });
  const body = await object?.Body?.transformToString('utf-8');
  if (!body) throw new NotFoundError('Page', params.page);
  return { statusCode: 404, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
});
