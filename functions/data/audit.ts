import { randomUUID } from 'node:crypto';
import type { Actor } from '../lib/auth';
import { keys } from './keys';

/** What an admin did to a record (the spec's activity-log actions). */
export type AuditAction = 'CREATE' | 'UPDATE' | 'DELETE';

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
