/**
 * "Nothing written by a rejected request", checked on the table itself: a full scan before and
 * after each rejected request, compared item by item.
 *
 * The table is shared: when Vitest runs integration files side by side (it does on a machine
 * with more than two cores), other tests write while the fuzz runs, and a plain before/after
 * comparison would blame the fuzz for their writes. So a changed item counts against a request
 * only if it can be traced to it: it holds the fuzz caller's user id, or a piece of text the
 * request carried (a path value, a query value, a body string). A handler that stores anything
 * of a request it then refuses, or writes under the caller, is caught; writes that carry nothing
 * of the request (a counter, an id of the server's own) are not: they are reported as
 * unattributed, and a quiet run (one worker: this machine) shows none.
 */
import { ScanCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

/** Items by `PK|SK`, each as its JSON text. */
export type TableSnapshot = ReadonlyMap<string, string>;

export async function snapshotTable(client: DynamoDBClient, tableName: string): Promise<TableSnapshot> {
  const items = new Map<string, string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey as never, ConsistentRead: true }),
    );
    for (const raw of page.Items ?? []) {
      const item = unmarshall(raw);
      items.set(`${String(item.PK)}|${String(item.SK)}`, JSON.stringify(item));
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

export interface TableChange {
  readonly key: string;
  readonly change: 'added' | 'changed' | 'removed';
  /** The item after the change, or before it for a removal. */
  readonly item: string;
}

export function changesBetween(before: TableSnapshot, after: TableSnapshot): TableChange[] {
  const changes: TableChange[] = [];
  for (const [key, item] of after) {
    const previous = before.get(key);
    if (previous === undefined) changes.push({ key, change: 'added', item });
    else if (previous !== item) changes.push({ key, change: 'changed', item });
  }
  for (const [key, item] of before) if (!after.has(key)) changes.push({ key, change: 'removed', item });
  return changes;
}

/**
 * Text too common to trace a write by: short strings match half the table (`en`, `10`), and
 * the seeded words of the catalogue are in every product.
 */
const MIN_TRACEABLE_LENGTH = 6;

/** The request's own text a handler might store, lower-cased as the shop stores emails and codes are upper. */
export function traceableText(sentText: readonly string[], callerIds: readonly string[]): string[] {
  const texts = new Set<string>();
  for (const text of [...sentText, ...callerIds]) {
    const trimmed = text.trim().toLowerCase();
    if (trimmed.length >= MIN_TRACEABLE_LENGTH) texts.add(trimmed);
  }
  return [...texts];
}

/** The changes that hold some of the request's text: the ones the request may have written. */
export function changesTracedTo(changes: readonly TableChange[], traceable: readonly string[]): TableChange[] {
  return changes.filter((change) => {
    const item = change.item.toLowerCase();
    const key = change.key.toLowerCase();
    return traceable.some((text) => {
      // The item is JSON text: look for the text as JSON would write it, escapes and all.
      const quoted = JSON.stringify(text).slice(1, -1);
      return item.includes(quoted) || key.includes(text);
    });
  });
}
