import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiEvent } from '../../../tests/fixtures/api-event';
import { handler } from './get-sitemap';

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddbMock.reset());

describe('GET /sitemap.xml', () => {
  it('lists every product page, in stock or not, under the site URL, as XML', async () => {
    ddbMock.on(QueryCommand).resolves({
      Items: [{ id: 'wool-coat', category: 'Outerwear', createdAt: '2026-05-01T00:00:00Z', stockQuantity: 0 }],
    });
    const res = await handler(apiEvent({ routeKey: 'GET /sitemap.xml' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toContain('<loc>https://shop.linea.test/product/wool-coat</loc>');
    const input = ddbMock.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input.FilterExpression).toBeUndefined();
  });
});
