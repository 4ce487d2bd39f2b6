import { updateProfileRequest, type ProfileDto } from '@linea/shared/contracts/account';
import { profiles } from '../../data/profile-repository';
import { httpHandler, json } from '../../lib/http';

export const handler = httpHandler('PUT /me/profile', { body: updateProfileRequest }, async ({ actor, body }) => {
  await profiles.put(actor.userId, { emailLanguage: body.emailLanguage, updatedAt: new Date().toISOString() });
  const profile: ProfileDto = { emailLanguage: body.emailLanguage };
  return json(200, profile);
});
