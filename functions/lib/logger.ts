/**
 * Structured JSON logs through Powertools' Logger, one line per entry, with the invocation's
 * correlation id on each line and personal data and secrets masked before anything is written.
 *
 * The service is the handler module (POWERTOOLS_SERVICE_NAME, set by ShopFunction); locally all
 * handlers share one process, so a line names its function in `function_name` instead.
 */
import { LogFormatter, LogItem, Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { currentCorrelationId, currentFunctionName } from './correlation';

export const REDACTED = '[REDACTED]';

/**
 * Keys whose values are never logged, compared lower-cased without `-` and `_`: credentials, and
 * the personal data of a shopper beyond an order id. An email address is masked wherever it
 * appears instead (see `maskText`), so `email` keys stay useful for support.
 */
const SECRET_KEY =
  /^(authorization|proxyauthorization|cookie|setcookie|password|newpassword|oldpassword|passwd|secret|clientsecret|apikey|xapikey|signature|stripesignature|otp|totp|verificationcode|confirmationcode|iban|cardnumber|cvc)$|token$|secret|stripekey|privatekey|sessionkey/;
const PERSONAL_KEY =
  /^(name|firstname|lastname|fullname|givenname|familyname|phone|phonenumber|mobile|street|line1|line2|address|addresses|shippingaddress|billingaddress|postalcode|zip|zipcode|city|birthdate|ip|ipaddress|sourceip)$/;

export function isRedactedKey(key: string): boolean {
  const normalised = key.toLowerCase().replace(/[-_]/g, '');
  return SECRET_KEY.test(normalised) || PERSONAL_KEY.test(normalised);
}

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;
/** Stripe keys and webhook secrets, bearer credentials and JWTs, wherever they stand in a text. */
const SECRET_TEXT = [
  /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]+/g,
  /\bwhsec_[A-Za-z0-9]+/g,
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi,
  /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
];

/**
 * An address keeps its first character and its domain (`a***@example.ch`): enough to tell a
 * typo'd domain or one mail provider's outage from another, not enough to name a person.
 */
export function maskText(text: string): string {
  let masked = text.replace(EMAIL, '$1***@$2');
  for (const pattern of SECRET_TEXT) {
    masked = masked.replace(pattern, (match, scheme?: string) =>
      typeof scheme === 'string' && /^(bearer|basic)$/i.test(scheme) ? `${scheme} ${REDACTED}` : REDACTED,
    );
  }
  return masked;
}

/**
 * The error with its message and stack masked in place, for throwing on to the Lambda runtime:
 * the runtime logs an escaping error itself (type, message and stack, past our formatter), and
 * an asynchronous invocation's dead-letter message keeps the message as an attribute. SES's
 * refusals name the address they refused. The class, and so `instanceof`, stays as it was.
 */
export function maskedForRuntime(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  err.message = maskText(err.message);
  if (err.stack) err.stack = maskText(err.stack);
  return err;
}

/** Deeper than any entry of ours nests; stops a cyclic or hostile value from running away. */
const MAX_DEPTH = 8;

/**
 * A copy of a log value with every string masked and every secret or personal key redacted,
 * nested objects, arrays and errors (message, stack and cause) included.
 */
export function redact(value: unknown, formatError: (err: Error) => LogAttributes, depth = 0): unknown {
  if (typeof value === 'string') return maskText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[Truncated]';
  if (value instanceof Error) return redactError(formatError(value), formatError, depth);
  if (Array.isArray(value)) return value.map((item) => redact(item, formatError, depth + 1));
  if (value instanceof Date) return value.toISOString();
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = isRedactedKey(key) ? REDACTED : redact(item, formatError, depth + 1);
  }
  return copy;
}

/** An error's own keys (its name above all) are not personal data, though what they hold may be. */
const ERROR_KEYS: ReadonlySet<string> = new Set(['name', 'location', 'message', 'stack', 'cause', 'code']);

function redactError(formatted: LogAttributes, formatError: (err: Error) => LogAttributes, depth: number): unknown {
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(formatted)) {
    copy[key] = isRedactedKey(key) && !ERROR_KEYS.has(key) ? REDACTED : redact(item, formatError, depth + 1);
  }
  return copy;
}

/** Powertools' standard keys, plus the correlation id, with everything the caller added masked. */
export class MaskingLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additionalLogAttributes: LogAttributes): LogItem {
    const formatError = (err: Error): LogAttributes => this.formatError(err);
    const correlationId = currentCorrelationId();
    const functionName = currentFunctionName() ?? attributes.lambdaContext?.functionName;
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: maskText(attributes.message),
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        ...(correlationId ? { correlation_id: correlationId } : {}),
        ...(functionName ? { function_name: functionName } : {}),
        xray_trace_id: attributes.xRayTraceId,
      },
    }).addAttributes(redact(additionalLogAttributes, formatError) as LogAttributes);
  }
}

const powertools = new Logger({ logFormatter: new MaskingLogFormatter() });

type Fields = Record<string, unknown>;

/** The shop's logging calls: a message and a flat object of fields, as before Powertools. */
export const logger = {
  debug: (message: string, fields?: Fields) => powertools.debug(message, fields ?? {}),
  info: (message: string, fields?: Fields) => powertools.info(message, fields ?? {}),
  warn: (message: string, fields?: Fields) => powertools.warn(message, fields ?? {}),
  error: (message: string, fields?: Fields) => powertools.error(message, fields ?? {}),
};
