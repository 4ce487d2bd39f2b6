/**
 * A stand-in for CloudFront's API, as far as the shop calls it: CreateInvalidation (the real
 * SDK's REST-XML request, CloudFront's answer and its errors), for the one distribution the
 * local site has. There is no edge cache locally (the web server reads the site bucket on every
 * request), so an invalidation has nothing to drop: it is checked, recorded and reported, and
 * `GET /_stand-in/invalidations` lists them for tests.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readBody, sendJson, type RunningServer } from './http-server';

const API_VERSION = '2020-05-31';
const NAMESPACE = `http://cloudfront.amazonaws.com/doc/${API_VERSION}/`;
/** CloudFront's limit of paths in one invalidation batch. */
const MAX_PATHS = 3000;

export interface RecordedInvalidation {
  readonly id: string;
  readonly distributionId: string;
  readonly callerReference: string;
  readonly paths: readonly string[];
  readonly createTime: string;
}

export interface CloudFrontStandInOptions {
  readonly port: number;
  readonly distributionId: string;
  readonly log?: (line: string) => void;
}

export interface CloudFrontStandIn extends RunningServer {
  readonly invalidations: readonly RecordedInvalidation[];
}

class CloudFrontError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function sendXml(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  const payload = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  res.writeHead(status, {
    'content-type': 'text/xml',
    'content-length': String(Buffer.byteLength(payload)),
    'x-amz-request-id': randomBytes(16).toString('hex'),
    ...headers,
  });
  res.end(payload);
}

function sendError(res: ServerResponse, error: CloudFrontError): void {
  sendXml(
    res,
    error.status,
    `<ErrorResponse xmlns="${NAMESPACE}"><Error><Type>Sender</Type><Code>${error.code}</Code><Message>${escapeXml(error.message)}</Message></Error><RequestId>${randomBytes(16).toString('hex')}</RequestId></ErrorResponse>`,
  );
}

const elementText = (xml: string, name: string): string | undefined => {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return match?.[1] === undefined ? undefined : unescapeXml(match[1]);
};

/** The InvalidationBatch of a CreateInvalidation request, checked as CloudFront checks it. */
function parseBatch(xml: string): { callerReference: string; paths: string[] } {
  const batch = /<InvalidationBatch\b[^>]*>([\s\S]*)<\/InvalidationBatch>/.exec(xml)?.[1];
  if (batch === undefined) throw new CloudFrontError(400, 'MalformedInput', 'Unexpected XML: no InvalidationBatch');
  const callerReference = elementText(batch, 'CallerReference');
  if (!callerReference) throw new CloudFrontError(400, 'MissingArgument', 'CallerReference is required');
  const pathsXml = /<Paths>([\s\S]*?)<\/Paths>/.exec(batch)?.[1] ?? '';
  const quantity = Number(elementText(pathsXml, 'Quantity'));
  const paths = [...pathsXml.matchAll(/<Path>([\s\S]*?)<\/Path>/g)].map((match) => unescapeXml(match[1] ?? ''));
  if (!Number.isInteger(quantity) || quantity !== paths.length) {
    throw new CloudFrontError(
      400,
      'InconsistentQuantities',
      'Your request contains a quantity that does not match the number of items',
    );
  }
  if (paths.length === 0)
    throw new CloudFrontError(400, 'InvalidArgument', 'Your request must contain at least one path');
  if (paths.length > MAX_PATHS) {
    throw new CloudFrontError(400, 'TooManyInvalidationsInProgress', `At most ${MAX_PATHS} paths per invalidation`);
  }
  const bad = paths.find((path) => !path.startsWith('/') || /\s/.test(path));
  if (bad !== undefined) throw new CloudFrontError(400, 'InvalidArgument', `Invalid path: ${bad}`);
  return { callerReference, paths };
}

function invalidationXml(invalidation: RecordedInvalidation): string {
  const items = invalidation.paths.map((path) => `<Path>${escapeXml(path)}</Path>`).join('');
  return `<Invalidation xmlns="${NAMESPACE}"><Id>${invalidation.id}</Id><Status>Completed</Status><CreateTime>${invalidation.createTime}</CreateTime><InvalidationBatch><Paths><Quantity>${invalidation.paths.length}</Quantity><Items>${items}</Items></Paths><CallerReference>${escapeXml(invalidation.callerReference)}</CallerReference></InvalidationBatch></Invalidation>`;
}

export async function startCloudFrontStandIn(options: CloudFrontStandInOptions): Promise<CloudFrontStandIn> {
  const invalidations: RecordedInvalidation[] = [];
  const log = options.log ?? (() => {});

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://cloudfront.local');
    if (req.method === 'GET' && url.pathname === '/_stand-in/invalidations') {
      sendJson(res, 200, { invalidations });
      return;
    }
    const create = new RegExp(`^/${API_VERSION}/distribution/([^/]+)/invalidation$`).exec(url.pathname);
    if (!create || req.method !== 'POST') {
      throw new CloudFrontError(
        404,
        'NotImplemented',
        `The CloudFront stand-in does not implement ${req.method} ${url.pathname}`,
      );
    }
    const distributionId = decodeURIComponent(create[1] ?? '');
    if (distributionId !== options.distributionId) {
      throw new CloudFrontError(404, 'NoSuchDistribution', 'The specified distribution does not exist.');
    }
    const { callerReference, paths } = parseBatch((await readBody(req, 1024 * 1024)).toString('utf8'));
    const earlier = invalidations.find((candidate) => candidate.callerReference === callerReference);
    if (earlier) {
      if (earlier.paths.join('\n') !== paths.join('\n')) {
        throw new CloudFrontError(
          409,
          'InvalidationBatchAlreadyExists',
          'A different invalidation batch was already sent with this caller reference.',
        );
      }
      sendXml(res, 201, invalidationXml(earlier), { location: `${url.origin}${url.pathname}/${earlier.id}` });
      return;
    }
    const invalidation: RecordedInvalidation = {
      id: `I${randomBytes(7).toString('hex').toUpperCase()}`,
      distributionId,
      callerReference,
      paths,
      createTime: new Date().toISOString(),
    };
    invalidations.push(invalidation);
    log(`[cloudfront] invalidation ${invalidation.id}: ${paths.length} path(s), e.g. ${paths[0]}`);
    sendXml(res, 201, invalidationXml(invalidation), { location: `${url.origin}${url.pathname}/${invalidation.id}` });
  }

  const server = await listen('cloudfront', options.port, (req, res) =>
    handle(req, res).catch((err: unknown) =>
      sendError(
        res,
        err instanceof CloudFrontError
          ? err
          : new CloudFrontError(500, 'InternalError', err instanceof Error ? err.message : String(err)),
      ),
    ),
  );
  return { ...server, invalidations };
}
