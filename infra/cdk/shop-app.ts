import { Annotations, type App } from 'aws-cdk-lib';
import { ShopStack, type ShopStackProps } from './shop-stack';
import { WafStack } from './waf-stack';

/** Only for `cdk synth` without a sender; a deploy must name the real, SES-verified one. */
export const PLACEHOLDER_FROM_EMAIL = 'shop@example.com';

/** CloudFront takes its web ACL from this region only. */
export const WAF_REGION = 'us-east-1';

export interface ShopAppSettings extends Omit<
  ShopStackProps,
  'fromEmail' | 'webAclArn' | 'env' | 'description' | 'crossRegionReferences'
> {
  readonly fromEmail?: string;
  /** Puts a WAF web ACL (WafStack, in us-east-1) in front of the storefront. */
  readonly waf: boolean;
  readonly account?: string;
  readonly region?: string;
}

export interface ShopStacks {
  readonly shop: ShopStack;
  readonly waf?: WafStack;
}

/** The shop's stacks in `app`: the shop, and with `waf` its web ACL's stack in us-east-1. */
export function addShopStacks(app: App, settings: ShopAppSettings): ShopStacks {
  const { waf: withWaf, account, region, ...shopSettings } = settings;
  const stackName = `linea-${settings.stage}`;
  let waf: WafStack | undefined;
  if (withWaf) {
    // The distribution names the ACL's ARN, which CDK carries across regions through SSM
    // parameters: that needs both stacks' regions known at synth.
    if (!region) {
      throw new Error(
        '-c waf=true needs the shop stack region: set CDK_DEFAULT_REGION (or AWS_REGION via the CDK CLI).',
      );
    }
    waf = new WafStack(app, `${stackName}-waf`, {
      namePrefix: stackName,
      env: { account, region: WAF_REGION },
      crossRegionReferences: true,
      description: `LINEA shop (${settings.stage}): the storefront's WAF web ACL`,
    });
  }
  const shop = new ShopStack(app, stackName, {
    ...shopSettings,
    fromEmail: settings.fromEmail ?? PLACEHOLDER_FROM_EMAIL,
    ...(waf ? { webAclArn: waf.webAclArn, crossRegionReferences: true } : {}),
    env: { account, region },
    description: `LINEA shop (${settings.stage})`,
  });
  if (waf) shop.addStackDependency(waf, 'the distribution names the web ACL');
  if (!settings.fromEmail) {
    Annotations.of(shop).addWarningV2(
      'linea:fromEmail',
      `No sender given; using ${PLACEHOLDER_FROM_EMAIL}. Deploy with -c fromEmail=<SES-verified address> or FROM_EMAIL=<address>.`,
    );
  }
  return { shop, ...(waf ? { waf } : {}) };
}
