import { describe, expect, it } from 'vitest';
import { changeSummary, shortRecordId } from './audit-changes';

describe('the activity log’s change summary', () => {
  it('shows the fields an update changed, with their new values, at most 3, each cut to 30 characters', () => {
    expect(
      changeSummary({
        action: 'UPDATE',
        before: { status: 'confirmed', carrier: 'UPS', trackingNumber: '1Z', note: 'same' },
        after: {
          status: 'shipped',
          carrier: 'Swiss Post',
          trackingNumber: '99.00.123456.12345678',
          trackingUrl: 'https://service.post.ch/ekp-web/ui/entry/shipping/1/?formattedParcelCodes=99',
          note: 'same',
        },
      }),
    ).toEqual(['status: shipped', 'carrier: Swiss Post', 'trackingNumber: 99.00.123456.1…']);
  });

  it('shows a created record’s first fields, and a deleted record’s old ones; objects as JSON', () => {
    expect(changeSummary({ action: 'CREATE', after: { code: 'WELCOME10', percent: 10, limits: { uses: 1 } } })).toEqual(
      ['code: WELCOME10', 'percent: 10', 'limits: {"uses":1}'],
    );
    expect(changeSummary({ action: 'DELETE', before: { name: 'Essential Organic Tee' } })).toEqual([
      'name: Essential Organic Tee',
    ]);
    expect(changeSummary({ action: 'UPDATE', before: { a: 1 }, after: { a: 1 } })).toEqual([]);
  });

  it('shortens a record id to its first 8 characters and "..."', () => {
    expect(shortRecordId('0b5c3f1e-8a4d-4c4e-9d1a-123456789abc')).toBe('0b5c3f1e...');
    expect(shortRecordId('tee')).toBe('tee');
  });
});
