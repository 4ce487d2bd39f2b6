import { ValidationError } from '@linea/shared/errors';

/**
 * Opaque page cursors: a DynamoDB key as base64url JSON. What comes back from a client is checked
 * against the partition the query reads, so a forged cursor is a 400, never a 500, and never a
 * way into another partition.
 */
export function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;
}

export function decodeCursor(
  cursor: string | undefined,
  expect: Readonly<Record<string, (value: unknown) => boolean>>,
): Record<string, string> | undefined {
  if (cursor === undefined) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const valid =
    typeof key === 'object' &&
    key !== null &&
    Object.keys(key).length === Object.keys(expect).length &&
    Object.entries(expect).every(([name, check]) => {
      const value = (key as Record<string, unknown>)[name];
      return typeof value === 'string' && value.length <= 300 && check(value);
    });
  if (!valid) throw new ValidationError('Invalid cursor', [{ field: 'cursor', message: 'Not a cursor of this list' }]);
  return key as Record<string, string>;
}
