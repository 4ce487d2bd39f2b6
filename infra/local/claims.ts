/**
 * Claims as the HTTP API JWT authorizer hands them to Lambda: every value a string. Arrays and
 * objects are printed the way API Gateway (written in Go) prints them: `[a b]`, `map[k:v]`.
 */
function flatten(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(flatten).join(' ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return `map[${entries.map(([key, inner]) => `${key}:${flatten(inner)}`).join(' ')}]`;
  }
  return String(value);
}

export function flattenClaims(payload: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(payload).map(([name, value]) => [name, flatten(value)]));
}
