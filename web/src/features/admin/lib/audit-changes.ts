import type { AuditEntryDto } from '@linea/shared/contracts/admin';

/** Spec §2 Activity Logs: the first 3 fields, each cut to 30 characters. */
export const SHOWN_FIELDS = 3;
export const SHOWN_CHARACTERS = 30;

const asText = (value: unknown): string =>
  value === undefined ? '–' : typeof value === 'string' ? value : JSON.stringify(value);

const cut = (text: string) => (text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text);

/**
 * What an entry changed, as "field: value" lines: for an update the fields whose value differs
 * (with the new value), for a creation the new record's fields, for a deletion the old one's.
 */
export function changeSummary(entry: Pick<AuditEntryDto, 'action' | 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields =
    entry.action === 'UPDATE'
      ? [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
          (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
        )
      : Object.keys(entry.action === 'DELETE' ? before : after);
  const shown = entry.action === 'DELETE' ? before : after;
  return fields.slice(0, SHOWN_FIELDS).map((field) => cut(`${field}: ${asText(shown[field])}`));
}

/** Spec §2: the record id's first 8 characters, then '...'. */
export function shortRecordId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}...` : id;
}
