import { describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_CODES } from '@linea/shared/errors';
import { de } from '@linea/shared/i18n/de';
import { en } from '@linea/shared/i18n/en';
import { serverDe } from '@linea/shared/i18n/server-de';
import { serverEn } from '@linea/shared/i18n/server-en';

type Tree = { readonly [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) result.set(leaf, text);
  }
  return result;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('dictionaries', () => {
  // The storefront's texts and the server's (emails, the payment page, order statuses), which the
  // storefront's dictionaries do not carry.
  const english = new Map([...leaves(en), ...leaves(serverEn, 'server')]);
  const german = new Map([...leaves(de), ...leaves(serverDe, 'server')]);

  it('German has exactly the English keys', () => {
    expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('every text is non-empty and keeps its placeholders', () => {
    for (const [key, text] of english) {
      const translation = german.get(key) ?? '';
      expect(text.trim(), key).not.toBe('');
      expect(translation.trim(), key).not.toBe('');
      expect(placeholders(translation), key).toEqual(placeholders(text));
    }
  });

  it('has a message for every API error code', () => {
    for (const code of [...DOMAIN_ERROR_CODES, 'INTERNAL'] as const) {
      expect(en.errors[code]).toBeTruthy();
      expect(de.errors[code]).toBeTruthy();
    }
  });

  it('keeps the spec texts verbatim', () => {
    expect(en.products.loading).toBe('Loading products...');
    expect(en.products.empty).toBe('No products found in this category.');
    expect(en.auth.passwordsDontMatch).toBe("Passwords don't match");
    expect(en.notFound.message).toBe('Oops! Page not found');
    expect(en.routeError.title).toBe('Unexpected Application Error!');
  });
});
