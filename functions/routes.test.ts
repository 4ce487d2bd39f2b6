import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AreaHandler } from './lib/area';
import {
  AREAS,
  areaEntry,
  assertAreaAudience,
  FALLBACK_ROUTE_KEY,
  fallbackRoute,
  routeKey,
  routes,
  type RouteDefinition,
} from './routes';
import { rules } from './rules';
import { cognitoTriggers } from './triggers';

const modulePath = (name: string) => fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
const importModule = async (name: string) =>
  (await import(/* @vite-ignore */ pathToFileURL(modulePath(name)).href)) as Record<string, unknown>;

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

  it('gives every route an area of its audience', () => {
    for (const route of routes as readonly RouteDefinition[]) expect(() => assertAreaAudience(route)).not.toThrow();
    const adminRouteInPublicArea = { ...(routes[0] as RouteDefinition), access: 'admin' } as const;
    expect(() => assertAreaAudience(adminRouteInPublicArea)).toThrow(
      /admin access but its area catalogue is for anyone/,
    );
  });

  it('serves every area by at least one route', () => {
    const served = new Set<string>([...routes.map((route) => route.area), fallbackRoute.area]);
    expect([...served].sort()).toEqual(Object.keys(AREAS).sort());
  });

  it('puts every admin route under /admin and only there', () => {
    for (const route of routes) {
      expect(route.path.startsWith('/admin'), routeKey(route)).toBe(route.access === 'admin');
    }
  });
});

describe('the area entries', () => {
  it.each((routes as readonly RouteDefinition[]).map((r) => [routeKey(r), r.area, r.handler] as const))(
    '%s goes from the %s entry to the handler of %s',
    async (key, area, module) => {
      const entry = (await importModule(areaEntry(area))).handler as AreaHandler;
      expect(entry.routeHandlers.get(key)).toBe((await importModule(module)).handler);
    },
  );

  it('sends $default from its area entry to the fallback handler', async () => {
    const entry = (await importModule(areaEntry(fallbackRoute.area))).handler as AreaHandler;
    expect(entry.routeHandlers.get(FALLBACK_ROUTE_KEY)).toBe((await importModule(fallbackRoute.handler)).handler);
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
