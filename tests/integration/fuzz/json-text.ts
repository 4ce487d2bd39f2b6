/**
 * JSON as the fuzz writes it: a tree serialised by hand, so that a body can hold what
 * `JSON.stringify` never writes: the same key twice, and `__proto__` as an ordinary own key.
 */
export type JsonTree =
  | { readonly kind: 'scalar'; readonly value: string | number | boolean | null }
  | { readonly kind: 'array'; readonly items: readonly JsonTree[] }
  | { readonly kind: 'object'; readonly entries: readonly (readonly [string, JsonTree])[] };

/** A plain value (a valid request body) as a tree, keys in their order. */
export function toTree(value: unknown): JsonTree {
  if (Array.isArray(value)) return { kind: 'array', items: value.map(toTree) };
  if (typeof value === 'object' && value !== null) {
    return { kind: 'object', entries: Object.entries(value).map(([key, item]) => [key, toTree(item)] as const) };
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return { kind: 'scalar', value };
  }
  throw new TypeError(`No JSON for ${typeof value}`);
}

export function serialize(tree: JsonTree): string {
  switch (tree.kind) {
    case 'scalar':
      // JSON.stringify writes a lone surrogate as an escape (`"\ud800"`), which is what a hostile client sends.
      return JSON.stringify(tree.value);
    case 'array':
      return `[${tree.items.map(serialize).join(',')}]`;
    case 'object':
      return `{${tree.entries.map(([key, item]) => `${JSON.stringify(key)}:${serialize(item)}`).join(',')}}`;
  }
}

/** Every string in the tree, keys excluded: what a handler could store from the body. */
export function stringLeaves(tree: JsonTree): string[] {
  switch (tree.kind) {
    case 'scalar':
      return typeof tree.value === 'string' ? [tree.value] : [];
    case 'array':
      return tree.items.flatMap(stringLeaves);
    case 'object':
      return tree.entries.flatMap(([, item]) => stringLeaves(item));
  }
}
