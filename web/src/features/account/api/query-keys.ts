/**
 * Account data is per user; the app removes everything under this key when the session
 * changes. A separate module so that the app shell can import it without the API contracts.
 */
export const accountQueryKey = ['account'] as const;
