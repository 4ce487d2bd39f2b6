import { randomUUID } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import {
  MAX_IMAGE_UPLOAD_BYTES,
  UPLOAD_PREFIX,
  type CreateUploadRequest,
  type CreateUploadResponse,
  type ImageUploadType,
} from '@linea/shared/contracts/uploads';
import { toUploadDto, uploads as uploadRepository, type UploadRepository } from '../data/upload-repository';
import type { Actor } from '../lib/auth';
import { s3 as s3Client } from '../lib/clients/s3';
import { mediaBucket } from '../lib/config';

const EXTENSIONS: Record<ImageUploadType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};
/** Long enough to send 5 MB on a slow line, short enough that a leaked form is soon useless. */
const POST_EXPIRES_SECONDS = 10 * 60;

/** What both halves of an upload use; the variants' half (image-variants.ts) alone loads sharp. */
export interface UploadDeps {
  readonly uploads: Pick<UploadRepository, 'create' | 'get' | 'markReady' | 'markFailed'>;
  readonly s3: Pick<S3Client, 'send'> & Parameters<typeof createPresignedPost>[0];
  readonly bucket: () => string;
  readonly now: () => Date;
}

export const defaultUploadDeps: UploadDeps = {
  uploads: uploadRepository,
  s3: s3Client,
  bucket: () => mediaBucket(),
  now: () => new Date(),
};

/**
 * POST /admin/uploads: records the upload and signs a POST the browser sends straight to the
 * bucket. The policy holds the file to the announced type and to 5 MB, and to one key.
 */
export async function startImageUpload(
  request: CreateUploadRequest,
  actor: Actor,
  deps: UploadDeps = defaultUploadDeps,
): Promise<CreateUploadResponse> {
  const id = randomUUID();
  const key = `${UPLOAD_PREFIX}${id}.${EXTENSIONS[request.contentType]}`;
  const upload = await deps.uploads.create({
    id,
    contentType: request.contentType,
    size: request.size,
    uploadedBy: actor.email,
    createdAt: deps.now().toISOString(),
  });
  const post = await createPresignedPost(deps.s3, {
    Bucket: deps.bucket(),
    Key: key,
    Conditions: [
      ['content-length-range', 1, MAX_IMAGE_UPLOAD_BYTES],
      ['eq', '$Content-Type', request.contentType],
    ],
    Fields: { 'Content-Type': request.contentType },
    Expires: POST_EXPIRES_SECONDS,
  });
  return { ...toUploadDto(upload), post };
}
