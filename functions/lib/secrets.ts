import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import * as z from '@linea/shared/contracts/zod-mini';
import { secretsManager } from './clients/secrets-manager';
import { config } from './config';

const stripeSecretsSchema = z.object({
  secretKey: z.string().check(z.regex(/^(sk|rk)_/, 'a Stripe secret or restricted key (sk_… or rk_…)')),
  webhookSecret: z.string().check(z.regex(/^whsec_/, "the webhook endpoint's signing secret (whsec_…)")),
});
export type StripeSecrets = z.infer<typeof stripeSecretsSchema>;

/** Long enough to spare Secrets Manager a call per request, short enough that a rotated key is picked up. */
const CACHE_MS = 5 * 60_000;
let cached: { value: Promise<StripeSecrets>; at: number } | undefined;

/**
 * The Stripe keys, read from Secrets Manager (never from the template or the environment),
 * once per five minutes per warm function. A failed read is not cached, so the next call retries.
 */
export function stripeSecrets(now = Date.now()): Promise<StripeSecrets> {
  if (cached && now - cached.at < CACHE_MS) return cached.value;
  const value = secretsManager.send(new GetSecretValueCommand({ SecretId: config().stripeSecretId })).then((out) => {
    const parsed = stripeSecretsSchema.safeParse(JSON.parse(out.SecretString ?? '{}'));
    if (!parsed.success) {
      // Names the key, never the value: this message reaches the logs.
      throw new Error(
        `Secret ${config().stripeSecretId} is not set up: ${parsed.error.issues.map((i) => `${i.path.join('.')} must be ${i.message}`).join('; ')}`,
      );
    }
    return parsed.data;
  });
  const entry = { value, at: now };
  cached = entry;
  value.catch(() => {
    if (cached === entry) cached = undefined;
  });
  return value;
}

/** Tests only: forget the cached keys. */
export function forgetStripeSecrets(): void {
  cached = undefined;
}
