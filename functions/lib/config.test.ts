import { describe, expect, it } from 'vitest';
import { CONFIG_ENV_NAMES, loadConfig } from './config';

describe('loadConfig', () => {
  it('reads every variable once and freezes the result', () => {
    const env = Object.fromEntries(CONFIG_ENV_NAMES.map((name) => [name, `value-of-${name}`]));
    const config = loadConfig(env);
    expect(config.tableName).toBe('value-of-TABLE_NAME');
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names every missing variable in one error', () => {
    expect(() => loadConfig({ STAGE: 'x' })).toThrow(
      'Environment variables not set: TABLE_NAME, EVENT_BUS_NAME, FROM_EMAIL, SES_CONFIGURATION_SET, WEB_URL, SHOP_INBOX_EMAIL, STRIPE_API_URL, STRIPE_SECRET_ID',
    );
  });
});
