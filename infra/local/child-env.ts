/**
 * The environment of a stand-in process: ours, minus anything that could point it at AWS or
 * change its behaviour (AWS_* credentials, endpoints, profiles; SES's SMTP relay), plus `extra`.
 */
const DROPPED = /^(AWS_|SMTP_TRANSPORT$|DEBUG$|NODE_OPTIONS$)/;

export function childEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!DROPPED.test(key)) env[key] = value;
  }
  return { ...env, ...extra };
}
