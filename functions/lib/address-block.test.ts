import { describe, expect, it } from 'vitest';
import { addressBlock } from './address-block';

describe('addressBlock', () => {
  it('counts an IPv4 address by itself', () => {
    expect(addressBlock('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBlock(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(addressBlock('203.0.113.8')).not.toBe(addressBlock('203.0.113.7'));
  });

  it('counts every address of one IPv6 /64 as one, however it is written', () => {
    const forms = [
      '2001:db8:85a3:12::1',
      '2001:0db8:85a3:0012:0000:0000:0000:0001',
      '2001:DB8:85A3:12:FFFF:FFFF:FFFF:FFFF',
      '2001:db8:85a3:12:abcd::',
      '2001:db8:85a3:12:0:0:192.0.2.1',
    ];
    expect(new Set(forms.map(addressBlock))).toEqual(new Set(['2001:db8:85a3:12::/64']));
  });

  it('tells neighbouring /64 networks apart', () => {
    expect(addressBlock('2001:db8:85a3:13::1')).toBe('2001:db8:85a3:13::/64');
    expect(addressBlock('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBlock('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, in either spelling', () => {
    expect(addressBlock('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBlock('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressBlock('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keeps what is no address as it came', () => {
    expect(addressBlock('not-an-address')).toBe('not-an-address');
    expect(addressBlock('2001:db8::g')).toBe('2001:db8::g');
  });
});
