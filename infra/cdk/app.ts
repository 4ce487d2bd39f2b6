import { App } from 'aws-cdk-lib';
import { addShopStacks } from './shop-app';

const app = new App();
const context = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value !== '' ? value : undefined;
};
/** An on/off deploy option: `-c key=true` or the environment variable; off unless `true`. */
const flag = (key: string, envName: string): boolean => {
  const value = context(key) ?? process.env[envName];
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error(`-c ${key} (or ${envName}) must be true or false, not "${value}".`);
};

const shopInboxEmail = context('shopInboxEmail') ?? process.env.SHOP_INBOX_EMAIL;
const fromEmail = context('fromEmail') ?? process.env.FROM_EMAIL;
// Lets CI publish a build made elsewhere; by default the stack takes web/dist.
const webAssetDir = context('webAssetDir');
const stripeSecretName = context('stripeSecretName');
const chatModelId = context('chatModelId');
const opsEmail = context('opsEmail') ?? process.env.OPS_EMAIL;

addShopStacks(app, {
  stage: context('stage') ?? process.env.STAGE ?? 'dev',
  ...(fromEmail ? { fromEmail } : {}),
  ...(shopInboxEmail ? { shopInboxEmail } : {}),
  ...(webAssetDir ? { webAssetDir } : {}),
  ...(stripeSecretName ? { stripeSecretName } : {}),
  ...(chatModelId ? { chatModelId } : {}),
  ...(opsEmail ? { opsEmail } : {}),
  // Both cost money: a WAF web ACL per month and request, threat protection per active user.
  waf: flag('waf', 'WAF'),
  threatProtection: flag('threatProtection', 'THREAT_PROTECTION'),
  account: process.env.CDK_DEFAULT_ACCOUNT,
  region: process.env.CDK_DEFAULT_REGION,
});
