/** A reader of parsed form parameters that checks them as Stripe does, with Stripe's messages. */
import { CURRENCIES } from './currencies';
import { invalid, missing } from './errors';
import type { FormNode, FormValue } from './form';

/** Splits a space-separated list (long lists of names read better that way). */
export function words(list: string): string[] {
  return list.split(' ');
}

function listWithOr(values: readonly string[]): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')}, or ${values[values.length - 1]}`;
}

function describe(value: FormValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Typed access to one level of parameters, rejecting names Stripe would not know. */
export class Params {
  constructor(
    readonly node: FormNode,
    readonly prefix: string,
    known: readonly string[],
  ) {
    for (const key of Object.keys(node)) {
      if (!known.includes(key)) {
        throw invalid(`Received unknown parameter: ${this.path(key)}`, this.path(key), 'parameter_unknown');
      }
    }
  }

  path(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.node[key] !== undefined;
  }

  keys(): string[] {
    return Object.keys(this.node);
  }

  string(key: string, options: { required?: boolean; maxLength?: number } = {}): string | undefined {
    const value = this.node[key];
    const param = this.path(key);
    if (value === undefined) {
      if (options.required) throw missing(param);
      return undefined;
    }
    if (typeof value !== 'string') throw invalid(`Invalid string: ${describe(value)}`, param);
    if (value === '' && options.required) {
      throw invalid(
        `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; ` +
          `however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
        param,
        'parameter_invalid_empty',
      );
    }
    if (options.maxLength !== undefined && value.length > options.maxLength) {
      throw invalid(
        `Invalid ${param}: must be at most ${options.maxLength} characters`,
        param,
        'parameter_invalid_string_too_long',
      );
    }
    return value;
  }

  /** A string parameter where '' means "unset" (→ null). */
  nullableString(key: string, maxLength?: number): string | null | undefined {
    const value = this.string(key, maxLength === undefined ? {} : { maxLength });
    return value === '' ? null : value;
  }

  integer(key: string, options: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const value = this.string(key, { required: options.required ?? false });
    if (value === undefined) return undefined;
    const param = this.path(key);
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
      throw invalid(`Invalid integer: ${value}`, param, 'parameter_invalid_integer');
    }
    const number = Number(value);
    if (options.min !== undefined && number < options.min) {
      throw invalid(`This value must be greater than or equal to ${options.min}.`, param);
    }
    if (options.max !== undefined && number > options.max) {
      throw invalid(`This value must be less than or equal to ${options.max}.`, param);
    }
    return number;
  }

  decimal(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(value)) throw invalid(`Invalid decimal: ${value}`, this.path(key));
    return Number(value);
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw invalid(`Invalid boolean: ${value}`, this.path(key));
    return value === 'true';
  }

  enumValue<T extends string>(key: string, values: readonly T[], options: { required?: boolean } = {}): T | undefined {
    const value = this.string(key, options);
    if (value === undefined) return undefined;
    if (!(values as readonly string[]).includes(value)) {
      throw invalid(`Invalid ${key}: must be one of ${listWithOr(values)}`, this.path(key));
    }
    return value as T;
  }

  currency(key: string, options: { required?: boolean } = {}): string | undefined {
    const value = this.string(key, options);
    if (value === undefined) return undefined;
    const currency = value.toLowerCase();
    if (!CURRENCIES.has(currency)) {
      throw invalid(
        `Invalid currency: ${value}. Stripe currently supports these currencies: ${[...CURRENCIES].join(', ')}`,
        this.path(key),
      );
    }
    return currency;
  }

  url(key: string): string | undefined {
    const value = this.string(key, { maxLength: 5000 });
    if (value === undefined || value === '') return undefined;
    let parsed: URL | undefined;
    try {
      parsed = new URL(value);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw invalid('Not a valid URL', this.path(key), 'url_invalid');
    }
    return value;
  }

  object(key: string, known: readonly string[]): Params | undefined {
    const value = this.node[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value === 'string') throw invalid('Invalid hash', this.path(key));
    return new Params(value, this.path(key), known);
  }

  list(key: string): FormValue[] | undefined {
    const value = this.node[key];
    if (value === undefined) return undefined;
    if (value === '') return [];
    const keys = typeof value === 'object' ? Object.keys(value) : [];
    if (typeof value === 'string' || !keys.every((index) => /^\d+$/.test(index))) {
      throw invalid('Invalid array', this.path(key));
    }
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => value[String(index)] as FormValue);
  }

  objectList(key: string, known: readonly string[]): Params[] | undefined {
    return this.list(key)?.map((item, index) => {
      const path = `${this.path(key)}[${index}]`;
      if (typeof item === 'string') throw invalid('Invalid hash', path);
      return new Params(item, path, known);
    });
  }

  stringList(key: string): string[] | undefined {
    return this.list(key)?.map((item, index) => {
      if (typeof item !== 'string') throw invalid(`Invalid string: ${describe(item)}`, `${this.path(key)}[${index}]`);
      return item;
    });
  }

  /**
   * Metadata as Stripe treats it: `metadata=` unsets all keys (→ null), `metadata[k]=` unsets
   * one key (→ ''), at most 50 keys of up to 40 characters with values of up to 500.
   */
  metadata(key: string): Record<string, string> | null | undefined {
    const value = this.node[key];
    if (value === undefined) return undefined;
    if (value === '') return null;
    const param = this.path(key);
    if (typeof value === 'string') throw invalid('Invalid hash', param);
    const entries = Object.entries(value);
    if (entries.length > 50) {
      throw invalid(`Invalid ${param}: metadata can have up to 50 keys, but ${entries.length} were passed.`, param);
    }
    const result: Record<string, string> = {};
    for (const [name, item] of entries) {
      if (typeof item !== 'string') throw invalid(`Invalid string: ${describe(item)}`, `${param}[${name}]`);
      if (name.length > 40) {
        throw invalid(
          `Metadata keys can have up to 40 characters, but you passed in a key with ${name.length} characters: ${name}`,
          `${param}[${name}]`,
        );
      }
      if (item.length > 500) {
        throw invalid(
          `Metadata values can have up to 500 characters, but you passed in a value that is ${item.length} characters.`,
          `${param}[${name}]`,
        );
      }
      result[name] = item;
    }
    return result;
  }
}
