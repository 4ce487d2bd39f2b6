/**
 * The attributes of the shop's user pool as Cognito knows them: its standard attributes (OpenID
 * Connect's standard claims) and `email`. cognito-local accepts any name at sign-up and copies
 * it onto the user, `sub` included; Cognito refuses what is not in the schema and never lets a
 * client write `sub`. The local stand-in uses this list to do the same.
 */
export const STANDARD_ATTRIBUTES: ReadonlySet<string> = new Set([
  'address',
  'birthdate',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
]);

/** The verification flags: only an administrator's call may set them, as the app client cannot. */
export const VERIFICATION_ATTRIBUTES: ReadonlySet<string> = new Set(['email_verified', 'phone_number_verified']);

/**
 * Whether a call may write `name`: standard, email, or custom; and the verification flags only on
 * an administrator's call (AdminCreateUser, AdminUpdateUserAttributes), never at a shopper's sign-up.
 */
export function isWritableAttribute(name: string, by: 'client' | 'admin'): boolean {
  if (VERIFICATION_ATTRIBUTES.has(name)) return by === 'admin';
  return STANDARD_ATTRIBUTES.has(name) || name === 'email' || /^custom:[\w.-]+$/.test(name);
}
