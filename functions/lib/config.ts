/** The functions' configuration: environment read once, here and nowhere else. */
export type Config = Readonly<{
  stage: string;
  tableName: string;
  eventBusName: string;
  /** Verified SES sender of every email the shop sends. */
  fromEmail: string;
  /** The storefront's public URL, for links in emails. */
  webUrl: string;
  /** Where contact messages are delivered: the shop team's inbox. */
  shopInboxEmail: string;
}>;

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const missing: string[] = [];
  const need = (name: string): string => {
    const value = env[name];
    if (!value) missing.push(name);
    return value ?? '';
  };
  const config = {
    stage: need('STAGE'),
    tableName: need('TABLE_NAME'),
    eventBusName: need('EVENT_BUS_NAME'),
    fromEmail: need('FROM_EMAIL'),
    webUrl: need('WEB_URL'),
    shopInboxEmail: need('SHOP_INBOX_EMAIL'),
  };
  if (missing.length) {
    throw new Error(`Environment variables not set: ${missing.join(', ')}`);
  }
  return Object.freeze(config);
}

/** Names of every variable loadConfig reads; the ShopFunction construct sets each of them. */
export const CONFIG_ENV_NAMES = [
  'STAGE',
  'TABLE_NAME',
  'EVENT_BUS_NAME',
  'FROM_EMAIL',
  'WEB_URL',
  'SHOP_INBOX_EMAIL',
] as const;

let cached: Config | undefined;
export const config = (): Config => (cached ??= loadConfig(process.env));
