import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, preferredLocale, setLocale, syncLanguageCookie } from './i18n';

const setPage = (lang: string | null, search = '') => {
  if (lang === null) document.documentElement.removeAttribute('lang');
  else document.documentElement.lang = lang;
  window.history.replaceState(null, '', `/size-guide${search}`);
};

afterEach(() => {
  setPage('en');
  vi.restoreAllMocks();
});

describe('preferredLocale', () => {
  it("is the page's <html lang> when the visitor has chosen nothing (the host's pick from Accept-Language)", () => {
    setPage('de');
    expect(preferredLocale()).toBe('de');
  });

  it('is English in a page in no language of ours', () => {
    setPage('fr');
    expect(preferredLocale()).toBe('en');
    setPage(null);
    expect(preferredLocale()).toBe('en');
  });

  it("is the visitor's stored choice over the page's language", () => {
    setPage('en');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(preferredLocale()).toBe('de');
  });

  it('is the cookie when storage holds no choice', () => {
    setPage('en');
    document.cookie = 'lang=de; Path=/';
    expect(preferredLocale()).toBe('de');
  });

  it('is a ?lang= in the address over any choice, as the host renders it', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    setPage('de', '?lang=de');
    expect(preferredLocale()).toBe('de');
    setPage('en', '?lang=xx');
    expect(preferredLocale()).toBe('en');
  });
});

describe('the language cookie', () => {
  it('is written with every choice, for the whole site, a year, SameSite=Lax', async () => {
    const written = vi.spyOn(document, 'cookie', 'set');
    await setLocale('de');
    expect(written).toHaveBeenLastCalledWith('lang=de; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(document.cookie).toBe('lang=de');
  });

  it('is written for a choice stored before it existed, and left alone when it agrees', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    syncLanguageCookie();
    expect(document.cookie).toBe('lang=de');
    const written = vi.spyOn(document, 'cookie', 'set');
    syncLanguageCookie();
    expect(written).not.toHaveBeenCalled();
  });

  it('is not written without a choice', () => {
    syncLanguageCookie();
    expect(document.cookie).toBe('');
  });
});

describe('setLocale', () => {
  // A page starts with its own language's texts only (initI18n); the other's come with a switch.
  const withoutGerman = () => i18next.removeResourceBundle('de', 'translation');

  it("loads the language's texts first, then switches: no key is ever shown", async () => {
    withoutGerman();
    const seen: string[] = [];
    i18next.on('languageChanged', function record() {
      seen.push(i18next.t('nav.contact'));
      i18next.off('languageChanged', record);
    });
    await setLocale('de');
    expect(i18next.language).toBe('de');
    expect(seen).toEqual(['Kontakt']);
  });

  it('ends in the language chosen last when the first is still loading', async () => {
    withoutGerman();
    await Promise.all([setLocale('de'), setLocale('en')]);
    expect(i18next.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
