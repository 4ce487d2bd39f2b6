import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, parseBody } from '../../../tests/fixtures/api-event';
import { expectWithinTableScope } from '../../../tests/fixtures/table-scope';
import { handler as getProduct } from './get-product';
import { handler as listProducts } from './list-products';

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddbMock.reset());

const tee = {
  PK: 'PRODUCT#essential-tee',
  SK: 'PRODUCT',
  entity: 'Product',
  id: 'essential-tee',
  name: 'Essential Tee',
  description: 'Organic cotton.',
  price: 4900,
  category: 'Basics',
  stockQuantity: 12,
  featured: true,
  sizes: ['S', 'M'],
  colors: ['Chalk'],
  images: ['/images/products/essential-tee-1.svg'],
  sortOrder: 10,
  createdAt: '2026-03-01T10:00:00.000Z',
};

describe('GET /products', () => {
  it('queries the listing index newest sort order first, keeping only active, stocked products', async () => {
    // Arrange
    ddbMock.on(QueryCommand).resolves({ Items: [tee] });
    // Act
    const res = await listProducts(apiEvent({ routeKey: 'GET /products' }));
    // Assert
    expect(res.statusCode).toBe(200);
    expect(parseBody(res)).toEqual({
      items: [expect.objectContaining({ id: 'essential-tee', price: 4900, categoryId: 'basics', inStock: true })],
    });
    const input = ddbMock.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({
      TableName: 'test-table',
      IndexName: 'GSI1',
      ScanIndexForward: false,
      FilterExpression: 'stockQuantity > :zero AND (attribute_not_exists(active) OR active = :active)',
      ExpressionAttributeValues: { ':pk': 'PRODUCTS', ':zero': 0, ':active': true },
    });
  });

  it('uses the category index for ?category=', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    const res = await listProducts(
      apiEvent({ routeKey: 'GET /products', queryStringParameters: { category: 'outerwear' } }),
    );
    expect(res.statusCode).toBe(200);
    const input = ddbMock.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ IndexName: 'GSI2', ExpressionAttributeValues: { ':pk': 'CATEGORY#outerwear' } });
  });

  it('follows pagination until the last page', async () => {
    ddbMock
      .on(QueryCommand)
      .resolvesOnce({ Items: [tee], LastEvaluatedKey: { PK: 'x' } })
      .resolvesOnce({ Items: [{ ...tee, id: 'second' }] });
    const res = await listProducts(apiEvent({ routeKey: 'GET /products' }));
    expect((parseBody(res).items as unknown[]).length).toBe(2);
    expect(ddbMock.commandCalls(QueryCommand)[1]!.args[0].input.ExclusiveStartKey).toEqual({ PK: 'x' });
  });

  it('rejects a malformed category and an unknown parameter, naming them', async () => {
    const bad = await listProducts(
      apiEvent({ routeKey: 'GET /products', queryStringParameters: { category: 'Out Erwear!' } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(parseBody(bad)).toMatchObject({ details: { fields: [expect.objectContaining({ field: 'category' })] } });

    const unknown = await listProducts(apiEvent({ routeKey: 'GET /products', queryStringParameters: { sort: 'x' } }));
    expect(unknown.statusCode).toBe(400);
    expect(parseBody(unknown)).toMatchObject({ details: { fields: [{ field: 'sort', message: 'Unknown field' }] } });
    expect(ddbMock.calls()).toHaveLength(0);
  });
});

describe('GET /products?lang=', () => {
  const germanTee = {
    ...tee,
    sizes: ['One Size'],
    translations: { de: { name: 'T-Shirt', description: 'Bio-Baumwolle.', colors: { Chalk: 'Kreideweiss' } } },
  };

  it('answers in German when asked, with colour names, size labels and the category translated', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [germanTee] });
    const res = await listProducts(apiEvent({ routeKey: 'GET /products', queryStringParameters: { lang: 'de' } }));
    expect(parseBody(res)).toEqual({
      items: [
        expect.objectContaining({
          name: 'T-Shirt',
          description: 'Bio-Baumwolle.',
          textLanguage: { name: 'de', description: 'de' },
          category: 'Basics',
          colors: ['Chalk'],
          colorNames: { Chalk: 'Kreideweiss' },
          sizeLabels: { 'One Size': 'Einheitsgrösse' },
        }),
      ],
    });
  });

  it('answers in English without lang, and searches the German texts all the same', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [germanTee] });
    const res = await listProducts(
      apiEvent({ routeKey: 'GET /products', queryStringParameters: { q: 'kreideweiss' } }),
    );
    expect(parseBody(res)).toEqual({
      items: [expect.objectContaining({ name: 'Essential Tee', colorNames: { Chalk: 'Chalk' } })],
    });
  });

  it('answers one product in the language asked for, and refuses a language it does not speak', async () => {
    ddbMock.on(GetCommand).resolves({ Item: germanTee });
    const event = (lang: string) =>
      apiEvent({
        routeKey: 'GET /products/{id}',
        pathParameters: { id: 'essential-tee' },
        queryStringParameters: { lang },
      });
    expect(parseBody(await getProduct(event('de')))).toMatchObject({ name: 'T-Shirt', category: 'Basics' });
    const refused = await getProduct(event('fr'));
    expect(refused.statusCode).toBe(400);
    expect(parseBody(refused)).toMatchObject({ details: { fields: [expect.objectContaining({ field: 'lang' })] } });
  });
});

describe('GET /products/{id}', () => {
  // Whatever happens, only the partitions its IAM grant allows are touched.
  afterEach(() => void expectWithinTableScope('GET /products/{id}', ddbMock));

  it('returns the product, out of stock or not', async () => {
    ddbMock.on(GetCommand).resolves({ Item: { ...tee, stockQuantity: 0 } });
    const res = await getProduct(apiEvent({ routeKey: 'GET /products/{id}', pathParameters: { id: 'essential-tee' } }));
    expect(res.statusCode).toBe(200);
    expect(parseBody(res)).toMatchObject({ id: 'essential-tee', inStock: false });
    expect(ddbMock.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual({
      PK: 'PRODUCT#essential-tee',
      SK: 'PRODUCT',
    });
  });

  it('returns a typed 404 for an unknown id', async () => {
    ddbMock.on(GetCommand).resolves({});
    const res = await getProduct(apiEvent({ routeKey: 'GET /products/{id}', pathParameters: { id: 'nope' } }));
    expect(res.statusCode).toBe(404);
    expect(parseBody(res)).toEqual({ error: 'NOT_FOUND', message: 'Product nope not found', details: { id: 'nope' } });
  });
});

describe('GET /products?q=', () => {
  it('searches within the listed products', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [tee, { ...tee, id: 'coat', name: 'Wool Coat', description: '' }] });
    const res = await listProducts(apiEvent({ routeKey: 'GET /products', queryStringParameters: { q: 'coat' } }));
    expect((parseBody(res).items as { id: string }[]).map((p) => p.id)).toEqual(['coat']);
  });
});
