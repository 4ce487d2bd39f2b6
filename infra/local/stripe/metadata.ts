/** What `metadata` parameters do to an object's metadata (Params.metadata reads and checks them). */

/** `metadata` on create: unset keys are simply not set. */
export function createMetadata(value: Record<string, string> | null | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, item]) => item !== ''));
}

/** `metadata` on update: merge; '' deletes a key; null clears all. */
export function updateMetadata(
  current: Record<string, string>,
  value: Record<string, string> | null | undefined,
): Record<string, string> {
  if (value === undefined) return current;
  if (value === null) return {};
  const result = { ...current };
  for (const [name, item] of Object.entries(value)) {
    if (item === '') delete result[name];
    else result[name] = item;
  }
  return result;
}
