import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CreateUploadResponse } from '@linea/shared/contracts/uploads';
import { adminClaims, apiEvent, customerClaims, parseBody } from '../../../tests/fixtures/api-event';
import { expectWithinTableScope } from '../../../tests/fixtures/table-scope';
import { handler as createUpload } from './create-upload';
import { handler as getUpload } from './get-upload';

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddbMock.reset());

type Claims = Record<string, string> | null;
const create = (body: unknown, claims: Claims = adminClaims()) =>
  createUpload(apiEvent({ routeKey: 'POST /admin/uploads', body, claims: claims ?? undefined }));
const get = (id: string, claims: Claims = adminClaims()) =>
  getUpload(apiEvent({ routeKey: 'GET /admin/uploads/{id}', pathParameters: { id }, claims: claims ?? undefined }));
const fieldsOf = (res: { body?: string }) =>
  (parseBody(res).details as { fields: { field: string }[] }).fields.map((f) => f.field);

const UPLOAD_ID = '6f1c2b9e-8d1a-4c3e-9b7a-2e4d5f6a7b8c';

describe('admin upload routes', () => {
  it('answers 401 without a token and 403 to a customer, touching nothing', async () => {
    for (const claims of [null, customerClaims()]) {
      const expected = claims ? 403 : 401;
      expect((await create({ contentType: 'image/png', size: 1000 }, claims)).statusCode).toBe(expected);
      expect((await get(UPLOAD_ID, claims)).statusCode).toBe(expected);
    }
    expect(ddbMock.calls()).toHaveLength(0);
  });
});

describe('POST /admin/uploads', () => {
  // Whatever happens, only the partitions its IAM grant allows are touched.
  afterEach(() => void expectWithinTableScope('POST /admin/uploads', ddbMock));

  it('refuses a type other than JPEG, PNG, WebP or AVIF, a file over 5 MB and unknown fields, naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ contentType: 'text/html', size: 1000 }, 'contentType'],
      [{ contentType: 'image/svg+xml', size: 1000 }, 'contentType'],
      [{ contentType: 'image/jpeg', size: 6 * 1024 * 1024 }, 'size'],
      [{ contentType: 'image/jpeg', size: 0 }, 'size'],
      [{ contentType: 'image/jpeg', size: 1000, key: 'media/images/evil.webp' }, 'key'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('records the upload and signs a POST into uploads/ held to the type and to 5 MB', async () => {
    ddbMock.on(PutCommand).resolves({});
    const res = await create({ contentType: 'image/png', size: 2_000_000 });
    expect(res.statusCode).toBe(201);
    const body = parseBody(res) as unknown as CreateUploadResponse;
    expect(body).toMatchObject({ status: 'pending' });
    expect(body.post.url).toContain('linea-test-media');
    expect(body.post.fields.key).toBe(`uploads/${body.id}.png`);
    expect(body.post.fields['Content-Type']).toBe('image/png');
    const policy = JSON.parse(Buffer.from(body.post.fields.Policy as string, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 5 * 1024 * 1024],
        ['eq', '$Content-Type', 'image/png'],
        { bucket: 'linea-test-media' },
        { key: `uploads/${body.id}.png` },
      ]),
    );
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);

    const put = ddbMock.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.Item).toMatchObject({
      PK: `UPLOAD#${body.id}`,
      status: 'pending',
      contentType: 'image/png',
      size: 2_000_000,
      uploadedBy: 'admin@linea.test',
    });
    expect(put.Item?.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(put.ConditionExpression).toBe('attribute_not_exists(PK)');
  });
});

describe('GET /admin/uploads/{id}', () => {
  // Whatever happens, only the partitions its IAM grant allows are touched.
  afterEach(() => void expectWithinTableScope('GET /admin/uploads/{id}', ddbMock));

  it('answers 404 for an unknown upload and 400 for an id that is no UUID', async () => {
    ddbMock.on(GetCommand).resolves({});
    expect((await get(UPLOAD_ID)).statusCode).toBe(404);
    const bad = await get('../../etc');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('id');
  });

  it('tells pending, and once ready the URL the product stores', async () => {
    ddbMock.on(GetCommand).resolves({
      Item: {
        id: UPLOAD_ID,
        status: 'ready',
        contentType: 'image/jpeg',
        size: 1000,
        uploadedBy: 'admin@linea.test',
        createdAt: '2026-11-24T10:00:00.000Z',
        imageUrl: `/media/images/${UPLOAD_ID}-1280.webp`,
        width: 2400,
        height: 3000,
      },
    });
    const res = await get(UPLOAD_ID);
    expect(res.statusCode).toBe(200);
    expect(parseBody(res)).toEqual({
      id: UPLOAD_ID,
      status: 'ready',
      imageUrl: `/media/images/${UPLOAD_ID}-1280.webp`,
      width: 2400,
      height: 3000,
    });
  });
});
