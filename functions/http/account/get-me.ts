import type { MeResponse } from '@linea/shared/contracts/account';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('GET /me', {}, async ({ actor }) => {
  const me: MeResponse = {
    userId: actor.userId,
    email: actor.email,
    firstName: actor.firstName,
    lastName: actor.lastName,
    isAdmin: actor.isAdmin,
  };
  return json(200, me);
});
