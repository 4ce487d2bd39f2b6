import { describe, expect, it } from 'vitest';
import { apiEvent, parseBody } from '../../tests/fixtures/api-event';
import { handler } from './not-found';

describe('$default route', () => {
  it('answers any unmatched request with the typed 404 shape', async () => {
    const res = await handler(apiEvent({ routeKey: 'DELETE /nowhere' }));
    expect(res.statusCode).toBe(404);
    expect(parseBody(res)).toMatchObject({ error: 'NOT_FOUND', message: 'Route DELETE /nowhere not found' });
  });
});
