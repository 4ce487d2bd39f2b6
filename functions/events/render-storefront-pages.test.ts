import { readFileSync } from 'node:fs';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { withRuntimeConfig } from '@linea/shared/contracts/runtime-config';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventBridgeEvent } from '../../tests/fixtures/api-event';
import { aProduct, storedProductItem } from '../../tests/fixtures/products';
import { handler } from './render-storefront-pages';

const template = withRuntimeConfig(readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8'), {
  apiUrl: '/api',
  region: 'eu-central-2',
  userPoolId: 'eu-central-2_test',
  userPoolClientId: 'client',
  cognitoEndpoint: null,
  authFlow: 'USER_SRP_AUTH',
  stage: 'test',
});

const tee = aProduct({ id: 'tee', name: 'Organic Tee', price: 4_900, category: 'Basics', sortOrder: 20 });
const coat = aProduct({ id: 'coat', name: 'Wool Coat', price: 59_000, category: 'Outerwear', sortOrder: 10 });

const s3Mock = mockClient(S3Client);
const cloudfrontMock = mockClient(CloudFrontClient);
const ddbMock = mockClient(DynamoDBDocumentClient);
const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 200 }));

beforeEach(() => {
  s3Mock.reset();
  cloudfrontMock.reset();
  ddbMock.reset();
  s3Mock.on(GetObjectCommand).resolves({ Body: { transformToString: async () => template } as never });
  s3Mock.on(PutObjectCommand).resolves({});
  cloudfrontMock.on(CreateInvalidationCommand).resolves({ Invalidation: { Id: 'I1' } as never });
  ddbMock.on(QueryCommand).resolves({ Items: [storedProductItem(tee), storedProductItem(coat)] });
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** Key → HTML of every page written. */
const written = () =>
  new Map(
    s3Mock.commandCalls(PutObjectCommand).map((call) => [call.args[0].input.Key, String(call.args[0].input.Body)]),
  );
/** What the page shows: its markup without the data it carries for the browser. */
const shown = (html: string | undefined) => (html ?? '').replace(/<script\b[\s\S]*?<\/script>/g, '');

const invalidated = () =>
  cloudfrontMock
    .commandCalls(CreateInvalidationCommand)
    .flatMap((call) => call.args[0].input.InvalidationBatch?.Paths?.Items ?? []);

function cloudFormationEvent(requestType: 'Create' | 'Update' | 'Delete'): CloudFormationCustomResourceEvent {
  return {
    RequestType: requestType,
    ServiceToken: 'arn:aws:lambda:eu-central-2:123456789012:function:pages',
    ResponseURL: 'https://cloudformation-custom-resource-response.test/answer?signed',
    StackId: 'arn:aws:cloudformation:eu-central-2:123456789012:stack/linea/1',
    RequestId: 'request-1',
    LogicalResourceId: 'StorefrontPages',
    ResourceType: 'Custom::StorefrontPages',
    ResourceProperties: { ServiceToken: 'x' },
    ...(requestType === 'Create' ? {} : { PhysicalResourceId: 'StorefrontPages-first', OldResourceProperties: {} }),
  } as CloudFormationCustomResourceEvent;
}

const answer = () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, string>;

describe('render-storefront-pages', () => {
  it('re-renders the pages that show a saved product, in both languages, and invalidates exactly those', async () => {
    await handler(eventBridgeEvent('ProductSaved', { version: 1, productId: 'tee', savedAt: '2026-11-26T10:00:00Z' }));

    const pages = written();
    expect([...pages.keys()].sort()).toEqual(
      ['index', 'products', 'products/category/basics', 'products/category/outerwear', 'product/tee']
        .flatMap((page) => [`pages/en/${page}.html`, `pages/de/${page}.html`])
        .sort(),
    );
    expect(pages.get('pages/en/product/tee.html')).toMatch(/<h1[^>]*>Organic Tee<\/h1>/);
    expect(pages.get('pages/en/product/tee.html')).toContain('<html lang="en"');
    expect(pages.get('pages/de/product/tee.html')).toContain('<html lang="de"');
    expect(pages.get('pages/en/products/category/outerwear.html')).toContain('Wool Coat');
    expect(shown(pages.get('pages/en/products/category/outerwear.html'))).not.toContain('Organic Tee');
    for (const call of s3Mock.commandCalls(PutObjectCommand)) {
      expect(call.args[0].input).toMatchObject({
        Bucket: 'linea-test-site',
        ContentType: 'text/html; charset=utf-8',
        CacheControl: 'public, max-age=0, s-maxage=31536000',
      });
    }
    expect(s3Mock.commandCalls(GetObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'linea-test-site',
      Key: 'index.html',
    });
    expect(invalidated().sort()).toEqual([...pages.keys()].map((key) => `/${key}`).sort());
    expect(cloudfrontMock.commandCalls(CreateInvalidationCommand)[0]?.args[0].input.DistributionId).toBe(
      'ETESTDISTRIBUTION',
    );
  });

  it("deletes a deleted product's pages (the site then answers 404) and re-renders the lists without it", async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [storedProductItem(coat)] });
    s3Mock.on(DeleteObjectCommand).resolves({});
    await handler(
      eventBridgeEvent('ProductDeleted', { version: 1, productId: 'tee', deletedAt: '2026-11-26T10:00:00Z' }),
    );
    expect(s3Mock.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input)).toEqual([
      { Bucket: 'linea-test-site', Key: 'pages/en/product/tee.html' },
      { Bucket: 'linea-test-site', Key: 'pages/de/product/tee.html' },
    ]);
    expect(written().has('pages/en/product/tee.html')).toBe(false);
    expect(shown(written().get('pages/en/products.html'))).not.toContain('Organic Tee');
    expect(invalidated()).toEqual(expect.arrayContaining(['/pages/en/product/tee.html', '/pages/de/product/tee.html']));
  });

  it('fails when a page cannot be stored, so that EventBridge retries the event', async () => {
    s3Mock.on(PutObjectCommand).rejects(Object.assign(new Error('Slow Down'), { name: 'SlowDown' }));
    await expect(
      handler(eventBridgeEvent('ProductSaved', { version: 1, productId: 'tee', savedAt: '2026-11-26T10:00:00Z' })),
    ).rejects.toThrow('Slow Down');
    expect(cloudfrontMock.commandCalls(CreateInvalidationCommand)).toHaveLength(0);
  });

  it('renders every page at deploy, invalidates /pages/* once, and answers CloudFormation SUCCESS', async () => {
    await handler(cloudFormationEvent('Update'));

    const keys = [...written().keys()];
    for (const page of [
      'index',
      'products',
      'size-guide',
      'contact',
      'faq',
      'product/tee',
      'product/coat',
      '404',
      'shell',
    ]) {
      expect(keys).toContain(`pages/en/${page}.html`);
      expect(keys).toContain(`pages/de/${page}.html`);
    }
    expect(written().get('pages/de/shell.html')).toContain('<div id="root"></div>');
    expect(written().get('pages/de/shell.html')).toContain('<html lang="de"');
    expect(invalidated()).toEqual(['/pages/*']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://cloudformation-custom-resource-response.test/answer?signed');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PUT');
    expect(answer()).toMatchObject({
      Status: 'SUCCESS',
      PhysicalResourceId: 'StorefrontPages-first',
      RequestId: 'request-1',
      LogicalResourceId: 'StorefrontPages',
    });
  });

  it('answers CloudFormation FAILED (the deploy rolls back) when the published app cannot be read', async () => {
    s3Mock.on(GetObjectCommand).rejects(Object.assign(new Error('Access Denied'), { name: 'AccessDenied' }));
    await handler(cloudFormationEvent('Create'));
    expect(answer()).toMatchObject({ Status: 'FAILED', Reason: 'Access Denied' });
    expect(answer().PhysicalResourceId).toBe('StorefrontPages-request-1');
    expect(written().size).toBe(0);
  });

  it('does nothing on the stack’s deletion but answer', async () => {
    await handler(cloudFormationEvent('Delete'));
    expect(answer()).toMatchObject({ Status: 'SUCCESS' });
    expect(s3Mock.calls()).toHaveLength(0);
  });
});
