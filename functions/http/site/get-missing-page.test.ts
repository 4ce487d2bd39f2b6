import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, parseBody } from '../../../tests/fixtures/api-event';
import { handler } from './get-missing-page';

const s3Mock = mockClient(S3Client);
beforeEach(() => s3Mock.reset());

const request = (page: string) => handler(apiEvent({ routeKey: 'GET /pages/{page+}', pathParameters: { page } }));

describe('GET /pages/{page+}', () => {
  it("answers a 404 with the site's not-found page in the path's language", async () => {
    s3Mock
      .on(GetObjectCommand)
      .resolves({ Body: { transformToString: async () => '<html lang="de">404</html>' } as never });
    const res = await request('de/product/never-was.html');
    expect(res.statusCode).toBe(404);
    expect(res.headers?.['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe('<html lang="de">404</html>');
    expect(s3Mock.commandCalls(GetObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'linea-test-site',
      Key: 'pages/de/404.html',
    });
  });

  it('takes English for a path in no language the shop speaks', async () => {
    s3Mock.on(GetObjectCommand).resolves({ Body: { transformToString: async () => '404' } as never });
    await request('xx/whatever.html');
    expect(s3Mock.commandCalls(GetObjectCommand)[0]?.args[0].input.Key).toBe('pages/en/404.html');
  });

  it("answers the API's typed 404 while no page has been rendered yet", async () => {
    s3Mock
      .on(GetObjectCommand)
      .rejects(Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' }));
    const res = await request('en/product/x.html');
    expect(res.statusCode).toBe(404);
    expect(parseBody(res)).toMatchObject({ error: 'NOT_FOUND' });
  });
});
