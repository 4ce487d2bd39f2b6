/** Stripe's form encoding (`a[b][0][c]=1`), parsed into nested nodes. */
import { invalid } from './errors';

export type FormValue = string | FormNode;
export interface FormNode {
  [key: string]: FormValue;
}

function newNode(): FormNode {
  return Object.create(null) as FormNode;
}

/** Parses Stripe's bracket notation; `a[]=x` appends. Later duplicates win. */
export function parseStripeForm(text: string): FormNode {
  const root = newNode();
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match?.[1]) throw invalid(`Invalid parameter name: ${rawKey}`);
    const segments = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '')];
    let node = root;
    segments.forEach((segment, index) => {
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === segments.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next === 'object') {
        node = next;
      } else {
        const created = newNode();
        node[key] = created;
        node = created;
      }
    });
  }
  return root;
}
