import { Annotations, App } from 'aws-cdk-lib';
import { ShopStack } from './shop-stack';

/** Only for `cdk synth` without a sender; a deploy must name the real, SES-verified one. */
const PLACEHOLDER_FROM_EMAIL = 'shop@example.com';

const app = new App();
const context = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const stage = context('stage') ?? process.env.STAGE ?? 'dev';
const fromEmail = context('fromEmail') ?? process.env.FROM_EMAIL;
const shopInboxEmail = context('shopInboxEmail') ?? process.env.SHOP_INBOX_EMAIL;
// Lets CI publish a build made elsewhere; by default the stack takes web/dist.
const webAssetDir = context('webAssetDir');
const stripeSecretName = context('stripeSecretName');
const chatModelId = context('chatModelId');

const stack = new ShopStack(app, `linea-${stage}`, {
  stage,
  fromEmail: fromEmail ?? PLACEHOLDER_FROM_EMAIL,
  ...(shopInboxEmail ? { shopInboxEmail } : {}),
  ...(webAssetDir ? { webAssetDir } : {}),
  ...(stripeSecretName ? { stripeSecretName } : {}),
  ...(chatModelId ? { chatModelId } : {}),
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  description: `LINEA shop (${stage})`,
});
if (!fromEmail) {
  Annotations.of(stack).addWarningV2(
    'linea:fromEmail',
    `No sender given; using ${PLACEHOLDER_FROM_EMAIL}. Deploy with -c fromEmail=<SES-verified address> or FROM_EMAIL=<address>.`,
  );
}
