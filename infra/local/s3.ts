/**
 * The S3 stand-in: the part of S3 the shop uses, with S3's shapes and errors. Path-style
 * addresses (`/<bucket>/<key>`):
 *
 * - `POST /<bucket>`: a browser upload with a presigned POST policy (multipart form), the way
 *   `@aws-sdk/s3-presigned-post` makes it. The policy's signature (SigV4), expiry and every
 *   condition are checked as S3 checks them: `content-length-range`, exact values and
 *   `starts-with`, and every form field must be allowed by a condition. A refused upload stores
 *   nothing and answers S3's XML error (AccessDenied, EntityTooLarge, SignatureDoesNotMatch).
 * - `PUT`, `GET`, `HEAD`, `DELETE /<bucket>/<key>`: what the functions do with the SDK. The SDK's
 *   request signatures are not verified (the functions run in the launcher's own process).
 *
 * Objects are kept under `dataDir` when one is given (`.data/s3/<bucket>/<key>` for `npm start`),
 * with their content type beside them, else in memory. Every stored object is reported to
 * `onObjectCreated`, as S3 reports it to EventBridge ("Object Created").
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import { BodyTooLargeError, listen, readBody as readWholeBody, type RunningServer } from './http-server';

export interface S3StandInOptions {
  readonly port: number;
  readonly region: string;
  /** The credentials the functions sign with; presigned POST policies must be signed with them. */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
  readonly buckets: readonly string[];
  readonly dataDir?: string;
  /** Origins a browser may upload from (CORS). @default any */
  readonly allowedOrigins?: readonly string[];
  readonly onObjectCreated?: (object: { bucket: string; key: string; size: number; contentType: string }) => void;
  readonly now?: () => Date;
}

export interface S3StandIn extends RunningServer {
  readonly endpoint: string;
  stop(): Promise<void>;
}

interface StoredObject {
  readonly body: Buffer;
  readonly contentType: string;
  readonly cacheControl?: string;
}

/** S3's own limit on a POST upload's form, beyond the file: policies can cap the file far lower. */
const MAX_REQUEST_BYTES = 50 * 1024 * 1024;

function xmlError(res: ServerResponse, status: number, code: string, message: string): void {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escape(message)}</Message></Error>`,
  );
}

class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** SigV4's signing key for a day, region and service. */
function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

type Condition = Record<string, string> | [string, string | number, string | number];

/**
 * Checks a presigned POST form as S3 does and returns what to store; throws S3Refusal otherwise.
 * `fields` are the form's text fields with lower-cased names, `size` the file's byte length.
 */
export function checkPostPolicy(
  bucket: string,
  fields: ReadonlyMap<string, string>,
  size: number,
  options: { region: string; credentials: S3StandInOptions['credentials']; now: Date },
): void {
  const policyText = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential');
  if (!policyText || !signature || !credential)
    throw new S3Refusal(403, 'AccessDenied', 'The form has no policy, signature or credential');
  const [accessKeyId, date, region, service] = credential.split('/');
  if (accessKeyId !== options.credentials.accessKeyId || !date || region !== options.region || service !== 's3')
    throw new S3Refusal(403, 'InvalidAccessKeyId', 'The credential in the form is not one of this account');
  const expected = hmac(signingKey(options.credentials.secretAccessKey, date, region, 's3'), policyText).toString(
    'hex',
  );
  if (!sameHex(expected, signature))
    throw new S3Refusal(403, 'SignatureDoesNotMatch', 'The policy signature does not match');

  let policy: { expiration?: string; conditions?: Condition[] };
  try {
    policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8')) as typeof policy;
  } catch {
    throw new S3Refusal(400, 'InvalidPolicyDocument', 'The policy is not base64 JSON');
  }
  if (!policy.expiration || Date.parse(policy.expiration) <= options.now.getTime())
    throw new S3Refusal(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');

  const formValue = (name: string) => (name === 'bucket' ? bucket : fields.get(name.toLowerCase()));
  const covered = new Set(['bucket', 'policy', 'x-amz-signature', 'file']);
  for (const condition of policy.conditions ?? []) {
    if (!Array.isArray(condition)) {
      for (const [name, value] of Object.entries(condition)) {
        covered.add(name.toLowerCase());
        if (formValue(name) !== value)
          throw new S3Refusal(
            403,
            'AccessDenied',
            `Invalid according to Policy: Policy Condition failed: ["eq", "$${name}", "${value}"]`,
          );
      }
      continue;
    }
    const [operator, first, second] = condition;
    if (operator === 'content-length-range') {
      if (size < Number(first))
        throw new S3Refusal(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
      if (size > Number(second))
        throw new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      continue;
    }
    const field = String(first).replace(/^\$/, '');
    const name = field.toLowerCase();
    covered.add(name);
    const actual = formValue(name) ?? '';
    const ok =
      operator === 'eq'
        ? actual === String(second)
        : operator === 'starts-with'
          ? actual.startsWith(String(second))
          : false;
    if (!ok)
      throw new S3Refusal(
        403,
        'AccessDenied',
        `Invalid according to Policy: Policy Condition failed: ["${operator}", "$${field}", "${String(second)}"]`,
      );
  }
  for (const name of fields.keys()) {
    if (!covered.has(name) && !name.startsWith('x-ignore-'))
      throw new S3Refusal(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${name}`);
  }
}

export async function startS3StandIn(options: S3StandInOptions): Promise<S3StandIn> {
  const memory = new Map<string, StoredObject>();
  const buckets = new Set(options.buckets);
  const now = options.now ?? (() => new Date());

  const fileOf = (bucket: string, key: string) => {
    const root = resolve(options.dataDir ?? '.', bucket);
    const file = resolve(root, key);
    // A key is a name, never a way out of the bucket's folder.
    if (!file.startsWith(`${root}/`)) throw new S3Refusal(400, 'InvalidArgument', 'Invalid object key');
    return file;
  };

  async function put(bucket: string, key: string, object: StoredObject): Promise<void> {
    if (options.dataDir) {
      const file = fileOf(bucket, key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, object.body);
      await writeFile(
        `${file}.s3meta.json`,
        JSON.stringify({ contentType: object.contentType, cacheControl: object.cacheControl }),
      );
    } else {
      memory.set(`${bucket}/${key}`, object);
    }
    options.onObjectCreated?.({ bucket, key, size: object.body.length, contentType: object.contentType });
  }

  async function get(bucket: string, key: string): Promise<StoredObject | undefined> {
    if (!options.dataDir) return memory.get(`${bucket}/${key}`);
    const file = fileOf(bucket, key);
    try {
      const [body, meta] = await Promise.all([readFile(file), readFile(`${file}.s3meta.json`, 'utf8')]);
      const { contentType, cacheControl } = JSON.parse(meta) as Omit<StoredObject, 'body'>;
      return { body, contentType, ...(cacheControl ? { cacheControl } : {}) };
    } catch {
      return undefined;
    }
  }

  async function remove(bucket: string, key: string): Promise<void> {
    if (!options.dataDir) {
      memory.delete(`${bucket}/${key}`);
      return;
    }
    const file = fileOf(bucket, key);
    await Promise.all([rm(file, { force: true }), rm(`${file}.s3meta.json`, { force: true })]);
  }

  function cors(req: IncomingMessage, res: ServerResponse): void {
    const origin = req.headers.origin;
    if (!origin) return;
    if (options.allowedOrigins && !options.allowedOrigins.includes(origin)) return;
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('vary', 'Origin');
    res.setHeader('access-control-allow-methods', 'GET, HEAD, POST');
    res.setHeader('access-control-allow-headers', '*');
    res.setHeader('access-control-expose-headers', 'ETag, Location');
  }

  async function readBody(req: IncomingMessage): Promise<Buffer> {
    try {
      return await readWholeBody(req, MAX_REQUEST_BYTES);
    } catch (err) {
      if (err instanceof BodyTooLargeError)
        throw new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      throw err;
    }
  }

  async function postObject(req: IncomingMessage, res: ServerResponse, bucket: string): Promise<void> {
    const contentType = req.headers['content-type'] ?? '';
    if (!contentType.startsWith('multipart/form-data'))
      throw new S3Refusal(412, 'PreconditionFailed', 'Bucket POST must be of the enclosure-type multipart/form-data');
    const body = await readBody(req);
    const form = await new Request('http://s3.local/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(body),
    }).formData();
    const fields = new Map<string, string>();
    let file: File | undefined;
    form.forEach((value, name) => {
      if (name.toLowerCase() === 'file' && typeof value !== 'string') file = value;
      else if (typeof value === 'string') fields.set(name.toLowerCase(), value);
    });
    if (!file) throw new S3Refusal(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    const bytes = Buffer.from(await file.arrayBuffer());
    checkPostPolicy(bucket, fields, bytes.length, {
      region: options.region,
      credentials: options.credentials,
      now: now(),
    });
    const key = (fields.get('key') ?? '').replace('${filename}', file.name);
    if (!key) throw new S3Refusal(400, 'InvalidArgument', 'Bucket POST must contain a field named key.');
    await put(bucket, key, { body: bytes, contentType: fields.get('content-type') ?? 'binary/octet-stream' });
    const status = Number(fields.get('success_action_status') ?? 204);
    const location = `${endpoint}/${bucket}/${encodeURI(key)}`;
    if (status === 201) {
      res.writeHead(201, { 'content-type': 'application/xml', location });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>${location}</Location><Bucket>${bucket}</Bucket><Key>${key}</Key></PostResponse>`,
      );
      return;
    }
    res.writeHead(status === 200 ? 200 : 204, { location });
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    cors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(200);
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const [, bucket = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (!buckets.has(bucket)) throw new S3Refusal(404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (req.method === 'POST' && !key) return postObject(req, res, bucket);
    if (!key)
      throw new S3Refusal(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    switch (req.method) {
      case 'PUT': {
        const body = await readBody(req);
        const cacheControl = req.headers['cache-control'];
        await put(bucket, key, {
          body,
          contentType: req.headers['content-type'] ?? 'binary/octet-stream',
          ...(cacheControl ? { cacheControl } : {}),
        });
        res.writeHead(200, { etag: '"local"' });
        res.end();
        return;
      }
      case 'GET':
      case 'HEAD': {
        const object = await get(bucket, key);
        if (!object) throw new S3Refusal(404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, {
          'content-type': object.contentType,
          'content-length': String(object.body.length),
          ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
        });
        res.end(req.method === 'HEAD' ? undefined : object.body);
        return;
      }
      case 'DELETE':
        await remove(bucket, key);
        res.writeHead(204);
        res.end();
        return;
      default:
        throw new S3Refusal(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  let endpoint = '';
  const server: RunningServer = await listen('s3', options.port, (req, res) =>
    handle(req, res).catch((err: unknown) => {
      if (err instanceof S3Refusal) xmlError(res, err.status, err.code, err.message);
      else xmlError(res, 500, 'InternalError', err instanceof Error ? err.message : String(err));
    }),
  );
  endpoint = server.url;
  return { ...server, endpoint, stop: () => server.close() };
}
