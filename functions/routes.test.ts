import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fallbackRoute, routeKey, routes } from './routes';
import { rules } from './rules';
import { cognitoTriggers } from './triggers';

const modulePath = (name: string) => fileURLToPath(new URL(`./${name}.ts`, import.meta.url));

describe('the route table', () => {
  it('has one entry per route key', () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(routes.map((r) => [routeKey(r), r.handler] as const))(
    '%s has a handler module exporting handler',
    async (_key, handler) => {
      expect(existsSync(modulePath(handler))).toBe(true);
      const mod = (await import(/* @vite-ignore */ pathToFileURL(modulePath(handler)).href)) as { handler?: unknown };
      expect(typeof mod.handler).toBe('function');
    },
  );

  it('has a fallback handler module', () => {
    expect(existsSync(modulePath(fallbackRoute.handler))).toBe(true);
  });

  it('puts every admin route under /admin and only there', () => {
    for (const route of routes) {
      expect(route.path.startsWith('/admin'), routeKey(route)).toBe(route.access === 'admin');
    }
  });
});

describe('the rule table and triggers', () => {
  it.each(rules.map((r) => [r.name, r.consumer] as const))('rule %s has a consumer module', (_name, consumer) => {
    expect(existsSync(modulePath(consumer))).toBe(true);
  });

  it.each(Object.entries(cognitoTriggers))('trigger %s has a module', (_name, module) => {
    expect(existsSync(modulePath(module))).toBe(true);
  });
});
