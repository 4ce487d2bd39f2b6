import { describe, expect, it } from 'vitest';
import { cookieValue, LANGUAGE_COOKIE, languageCookie } from './language-choice';

describe('cookieValue', () => {
  it('finds the language cookie among others, in a Cookie header or document.cookie', () => {
    expect(cookieValue('theme=dark; lang=de; other=1', LANGUAGE_COOKIE)).toBe('de');
    expect(cookieValue('lang=en', LANGUAGE_COOKIE)).toBe('en');
  });

  it('is undefined without the cookie, or without any', () => {
    expect(cookieValue('language=de; xlang=de', LANGUAGE_COOKIE)).toBeUndefined();
    expect(cookieValue('', LANGUAGE_COOKIE)).toBeUndefined();
    expect(cookieValue(undefined, LANGUAGE_COOKIE)).toBeUndefined();
  });

  it('takes the first of two and decodes what was encoded', () => {
    expect(cookieValue('lang=de; lang=en', LANGUAGE_COOKIE)).toBe('de');
    expect(cookieValue('note=a%20b', 'note')).toBe('a b');
    expect(cookieValue('note=%E0%A4%A', 'note')).toBe('%E0%A4%A');
  });
});

describe('languageCookie', () => {
  it('keeps the language for the whole site for a year, SameSite=Lax', () => {
    expect(languageCookie('de', { secure: false })).toBe('lang=de; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('is Secure where the site is served over HTTPS', () => {
    expect(languageCookie('en', { secure: true })).toBe('lang=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
  });

  it('is read back by cookieValue', () => {
    expect(cookieValue(languageCookie('de', { secure: true }).split(';')[0], LANGUAGE_COOKIE)).toBe('de');
  });
});
