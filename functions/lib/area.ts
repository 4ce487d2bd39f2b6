import { FALLBACK_ROUTE_KEY, fallbackRoute, routeKey, routesOf, type AreaName, type AreaRouteKey } from '../routes';
import { MisroutedRequestError, toErrorResponse, type HttpHandler } from './http';

/** The route keys the table gives an area, with `$default` for the fallback's. */
export function routeKeysOf(area: AreaName): string[] {
  return [...routesOf(area).map(routeKey), ...(fallbackRoute.area === area ? [FALLBACK_ROUTE_KEY] : [])];
}

/** An area's entry, with the handler it hands each route key to (what the route table test holds). */
export type AreaHandler = HttpHandler & { readonly routeHandlers: ReadonlyMap<string, HttpHandler> };

/**
 * An area's Lambda entry: hands each event to its route's own handler by the route key API
 * Gateway wrote, and does nothing else (access, schemas and answers stay each handler's). The
 * type wants a handler for every route key the table gives the area and no other; the check at
 * start-up holds the same for code the compiler did not see (a table edited without a build).
 */
export function areaHandler<A extends AreaName>(
  area: A,
  handlers: { readonly [K in AreaRouteKey<A>]: HttpHandler },
): AreaHandler {
  const byKey = new Map<string, HttpHandler>(Object.entries(handlers));
  const expected = routeKeysOf(area);
  const missing = expected.filter((key) => !byKey.has(key));
  const stray = [...byKey.keys()].filter((key) => !expected.includes(key));
  if (missing.length || stray.length) {
    throw new Error(
      `Area ${area}: ${[
        missing.length ? `no handler for ${missing.join(', ')}` : '',
        stray.length ? `handlers for routes of other areas: ${stray.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')} (functions/routes.ts is the source)`,
    );
  }
  const dispatch: HttpHandler = async (event, context) => {
    // Read as possibly absent: a direct invocation's event need not have the shape of the type.
    const key = (event as Partial<typeof event>).routeKey;
    const handler = key === undefined ? undefined : byKey.get(key);
    // An integration wired to the wrong function, or a direct invocation: a 500 the alarms see.
    if (!handler) return toErrorResponse(new MisroutedRequestError(`a route of ${area}`, key));
    return handler(event, context);
  };
  return Object.assign(dispatch, { routeHandlers: byKey as ReadonlyMap<string, HttpHandler> });
}
