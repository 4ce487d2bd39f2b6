/** What a shopper's question asks for, from the word tables (pure). */
import type { SearchProductsInput, ShopPoliciesInput } from '../../../shared/contracts/chat';
import { measurementIn, type Measurement } from './measurements';
import { productQuestion } from './product-question';
import { spansOf, tokenise } from './word-match';
import { INTENT_WORDS, type Words } from './word-tables';

export type PolicyTopic = NonNullable<ShopPoliciesInput['topic']>;

export type Understanding =
  | { readonly intent: 'refusal' }
  | { readonly intent: 'orders' }
  | { readonly intent: 'size'; readonly table: 'tops' | 'bottoms'; readonly measurement?: Measurement }
  | { readonly intent: 'policies'; readonly topic: PolicyTopic }
  | { readonly intent: 'products'; readonly search: SearchProductsInput; readonly details: boolean }
  | { readonly intent: 'greeting' }
  | { readonly intent: 'thanks' }
  | { readonly intent: 'unknown' };

const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;

function understandOne(text: string): Understanding {
  const tokens = tokenise(text);
  const has = (words: Words) => spansOf(tokens, words).length > 0;
  if (has(INTENT_WORDS.refusal)) return { intent: 'refusal' };
  // Orders asked for by an email address are someone's orders: my_orders knows the caller from the token alone.
  if (EMAIL.test(text) && (has(INTENT_WORDS.orders) || has(INTENT_WORDS.ordersLoosely))) return { intent: 'refusal' };

  const topics: PolicyTopic[] = [];
  if (has(INTENT_WORDS.returns)) topics.push('returns');
  // "How long do I have to return it?" is about the return window, not about dispatch.
  if (has(INTENT_WORDS.dispatch) && !topics.length) topics.push('dispatch');
  else if (has(INTENT_WORDS.shipping)) topics.push('shipping');
  if (has(INTENT_WORDS.contact)) topics.push('contact');
  const policy = (): Understanding => ({
    intent: 'policies',
    topic: has(INTENT_WORDS.policies) || topics.length > 1 ? 'all' : (topics[0] ?? 'all'),
  });
  if (topics.includes('returns')) return policy();
  if (has(INTENT_WORDS.orders)) return { intent: 'orders' };

  const product = productQuestion(text);
  const sizeQuestion = has(INTENT_WORDS.size);
  const table = has(INTENT_WORDS.bottoms) || product.garmentCategories.has('bottoms') ? 'bottoms' : 'tops';
  const measurement = sizeQuestion ? measurementIn(text) : undefined;
  if (sizeQuestion && measurement) return { intent: 'size', table, measurement };
  if (topics.length || has(INTENT_WORDS.policies)) return policy();

  const details = has(INTENT_WORDS.details);
  if (sizeQuestion) {
    // "Which sizes does the tee come in?" is about the tee; "Which size should I take?" about the shopper.
    return details && product.specific
      ? { intent: 'products', search: product.search, details: true }
      : { intent: 'size', table };
  }
  if (product.product) return { intent: 'products', search: product.search, details };
  if (has(INTENT_WORDS.ordersLoosely)) return { intent: 'orders' };
  if (has(INTENT_WORDS.greeting)) return { intent: 'greeting' };
  if (has(INTENT_WORDS.thanks)) return { intent: 'thanks' };
  return { intent: 'unknown' };
}

/**
 * What a shopper's message asks for. A message the server joined from two (a question whose
 * answer failed, then a new one, separated by a blank line) is read by its newest part first.
 */
export function understand(question: string): Understanding {
  const parts = question
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  const newest = parts[parts.length - 1];
  if (newest && parts.length > 1) {
    const understood = understandOne(newest);
    if (understood.intent !== 'unknown') return understood;
  }
  return understandOne(question);
}
