import { describe, expect, it } from 'vitest';
import { CARRIERS, trackingUrlFor } from './carriers';

describe('trackingUrlFor', () => {
  it('gives the tracking page of Swiss Post, UPS, FedEx, DHL and USPS with the number in it', () => {
    for (const carrier of ['Swiss Post', 'UPS', 'FedEx', 'DHL', 'USPS']) {
      const url = trackingUrlFor(carrier, ' 99.00.123456.12345678 ');
      expect(url).toMatch(/^https:\/\//);
      expect(url).toContain('99.00.123456.12345678');
    }
  });

  it('gives nothing for the other carriers, without a number, or for an unknown carrier', () => {
    expect(trackingUrlFor('OnTrac', '1Z999')).toBeUndefined();
    expect(trackingUrlFor('UPS', '  ')).toBeUndefined();
    expect(trackingUrlFor(undefined, '1Z999')).toBeUndefined();
    expect(trackingUrlFor('Pigeon', '1Z999')).toBeUndefined();
  });

  it('escapes a number so it cannot change the address', () => {
    expect(trackingUrlFor('UPS', 'a&b=c')).toBe('https://www.ups.com/track?tracknum=a%26b%3Dc');
  });

  it('lists Swiss Post first and keeps the spec’s carriers', () => {
    expect(CARRIERS[0]).toBe('Swiss Post');
    expect(CARRIERS).toEqual(
      expect.arrayContaining(['UPS', 'FedEx', 'DHL', 'USPS', 'Amazon Logistics', 'OnTrac', 'LaserShip', 'Other']),
    );
  });
});
