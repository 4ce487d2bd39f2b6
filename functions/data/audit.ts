import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AUDIT_ACTIONS, AuditEntryDto } from '@linea/shared/contracts/admin';
import type { Actor } from '../lib/auth';
import { ddb } from '../lib/clients/dynamodb';
import { config } from '../lib/config';
import { decodeCursor, encodeCursor } from './cursor';
import { keys } from './keys';

/** What an admin did to a record (the spec's activity-log actions), or that they exported records. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The spec's table names, as the activity log shows them. */
export type AuditedTable = 'orders' | 'products' | 'promo_codes' | 'newsletters';

/**
 * The audit entry of one admin change, as a TransactWriteItems Put, for the transaction that
 * makes the change (pattern 21): both are written or neither. Append-only: it is put on the
 * condition that it is new, and no route updates or deletes audit entries. Before and after are
 * kept as JSON text, so a record's shape (empty strings in nested lists included) never makes
 * the entry fail.
 */
export function auditEntryPut(
  tableName: string,
  entry: {
    actor: Actor;
    action: AuditAction;
    table: AuditedTable;
    recordId: string;
    before?: unknown;
    after?: unknown;
    at: string;
  },
) {
  const id = randomUUID();
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.audit(id),
        ...keys.auditByRecency(entry.at, id),
        entity: 'AuditEntry',
        schemaVersion: 1,
        id,
        actorId: entry.actor.userId,
        actorEmail: entry.actor.email,
        action: entry.action,
        tableName: entry.table,
        recordId: entry.recordId,
        ...(entry.before === undefined ? {} : { before: JSON.stringify(entry.before) }),
        ...(entry.after === undefined ? {} : { after: JSON.stringify(entry.after) }),
        createdAt: entry.at,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** A stored record as an object; a value that is not one (never written so) shows as `{ value }`. */
function parseRecord(text: unknown): Record<string, unknown> | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };
  } catch {
    return { value: text };
  }
}

function toAuditEntryDto(item: Record<string, unknown>): AuditEntryDto {
  const before = parseRecord(item.before);
  const after = parseRecord(item.after);
  return {
    id: String(item.id),
    createdAt: String(item.createdAt),
    actorId: String(item.actorId),
    actorEmail: String(item.actorEmail ?? ''),
    action: item.action as AuditAction,
    tableName: String(item.tableName),
    recordId: String(item.recordId),
    ...(before ? { before } : {}),
    ...(after ? { after } : {}),
  };
}

/**
 * The log: entries are written by `auditEntryPut` inside the change's transaction, or by `record`
 * for what changes nothing (an export); read newest first, a page at a time (GSI3 `AUDIT`).
 */
export function createAuditLog(db: DynamoDBDocumentClient = ddb, table = () => config().tableName) {
  return {
    /** One entry of its own, for an action that writes nothing else (an export of orders). */
    async record(entry: Parameters<typeof auditEntryPut>[1]): Promise<void> {
      await db.send(new PutCommand(auditEntryPut(table(), entry).Put));
    },

    async listRecent(page: {
      cursor?: string;
      limit: number;
    }): Promise<{ items: AuditEntryDto[]; nextCursor?: string }> {
      const partition = keys.auditByRecency('', '').GSI3PK;
      const startKey = decodeCursor(page.cursor, {
        PK: (v) => String(v).startsWith('AUDIT#'),
        SK: (v) => v === 'AUDIT',
        GSI3PK: (v) => v === partition,
        GSI3SK: (v) => /^\d{4}-/.test(String(v)),
      });
      const result = await db.send(
        new QueryCommand({
          TableName: table(),
          IndexName: 'GSI3',
          KeyConditionExpression: 'GSI3PK = :pk',
          ExpressionAttributeValues: { ':pk': partition },
          ScanIndexForward: false,
          Limit: page.limit,
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      const next = result.LastEvaluatedKey;
      return {
        items: (result.Items ?? []).map(toAuditEntryDto),
        ...(next
          ? { nextCursor: encodeCursor({ PK: next.PK, SK: next.SK, GSI3PK: next.GSI3PK, GSI3SK: next.GSI3SK }) }
          : {}),
      };
    },
  };
}

export const auditLog = createAuditLog();
