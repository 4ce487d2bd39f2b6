import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ImageUploadType, UploadDto } from '@linea/shared/contracts/uploads';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { keys } from './keys';
import { TTL_ATTRIBUTE } from './table';

const UPLOAD_ENTITY = 'Upload';
const SCHEMA_VERSION = 1;
/** An upload is followed for a day: long enough for any form, short enough to leave no litter. */
const KEPT_SECONDS = 24 * 60 * 60;

/**
 * An admin's image upload: created with the presigned POST, then `ready` once the web-sized
 * variants exist, or `failed` when the file turned out to be no image.
 */
export interface Upload {
  readonly id: string;
  readonly status: UploadDto['status'];
  readonly contentType: ImageUploadType;
  /** The size the admin's browser announced; the POST policy holds the file to it. */
  readonly size: number;
  readonly uploadedBy: string;
  readonly createdAt: string;
  readonly imageUrl?: string;
  readonly width?: number;
  readonly height?: number;
  /** Why it failed, for the logs. */
  readonly failure?: string;
}

export function toUploadDto(upload: Upload): UploadDto {
  return {
    id: upload.id,
    status: upload.status,
    ...(upload.imageUrl ? { imageUrl: upload.imageUrl } : {}),
    ...(upload.width ? { width: upload.width, height: upload.height } : {}),
  };
}

function fromItem(item: Record<string, unknown>): Upload {
  return {
    id: item.id as string,
    status: item.status as Upload['status'],
    contentType: item.contentType as ImageUploadType,
    size: item.size as number,
    uploadedBy: item.uploadedBy as string,
    createdAt: item.createdAt as string,
    ...(typeof item.imageUrl === 'string' ? { imageUrl: item.imageUrl } : {}),
    ...(typeof item.width === 'number' ? { width: item.width, height: item.height as number } : {}),
    ...(typeof item.failure === 'string' ? { failure: item.failure } : {}),
  };
}

export function createUploadRepository(client: DynamoDBDocumentClient = ddb, tableName = () => config().tableName) {
  /** Settles a pending upload once; a repeated event finds it settled and changes nothing. */
  async function settle(id: string, values: Record<string, unknown>): Promise<boolean> {
    const names: Record<string, string> = { '#status': 'status' };
    const assignments: string[] = [];
    const attributeValues: Record<string, unknown> = { ':pending': 'pending' };
    for (const [name, value] of Object.entries(values)) {
      names[`#${name}`] = name;
      attributeValues[`:${name}`] = value;
      assignments.push(`#${name} = :${name}`);
    }
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.upload(id),
          UpdateExpression: `SET ${assignments.join(', ')}`,
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: attributeValues,
        }),
      );
      return true;
    } catch (err) {
      if ((err as Error).name === 'ConditionalCheckFailedException') return false;
      throw err;
    }
  }

  return {
    async create(upload: Omit<Upload, 'status'>): Promise<Upload> {
      const stored: Upload = { ...upload, status: 'pending' };
      await client.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.upload(upload.id),
            entity: UPLOAD_ENTITY,
            schemaVersion: SCHEMA_VERSION,
            ...stored,
            [TTL_ATTRIBUTE]: Math.floor(Date.parse(upload.createdAt) / 1000) + KEPT_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return stored;
    },

    async get(id: string): Promise<Upload | undefined> {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName(), Key: keys.upload(id), ConsistentRead: true }),
      );
      return Item ? fromItem(Item) : undefined;
    },

    markReady(id: string, image: { imageUrl: string; width: number; height: number }): Promise<boolean> {
      return settle(id, { status: 'ready', ...image });
    },

    markFailed(id: string, failure: string): Promise<boolean> {
      return settle(id, { status: 'failed', failure });
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
export const uploads = createUploadRepository();
