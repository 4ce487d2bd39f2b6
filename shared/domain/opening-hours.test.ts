import { describe, expect, it } from 'vitest';
import { openingHoursLines } from './opening-hours';

describe('openingHoursLines', () => {
  it('writes the hours per period in each language', () => {
    expect(openingHoursLines('en')).toEqual(['Monday–Friday 9:00–18:00', 'Saturday 10:00–16:00', 'Sunday closed']);
    expect(openingHoursLines('de')).toEqual([
      'Montag–Freitag 9:00–18:00',
      'Samstag 10:00–16:00',
      'Sonntag geschlossen',
    ]);
  });
});
