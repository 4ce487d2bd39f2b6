import { NotFoundError } from '@linea/shared/errors';
import { toErrorResponse, type HttpEvent, type HttpResult } from '../lib/http';

/** The `$default` route: any method and path that no route-table entry matches. */
export const handler = async (event: HttpEvent): Promise<HttpResult> =>
  toErrorResponse(new NotFoundError('Route', `${event.requestContext.http.method} ${event.rawPath}`));
