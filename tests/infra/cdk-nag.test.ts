/**
 * cdk-nag's AwsSolutions pack over the shop's stacks, in the configurations a deploy can take:
 * the default shop, the shop behind its web ACL with threat protection and an ops address, and
 * the WafStack. Every finding is either fixed or acknowledged beside the resource it concerns
 * (infra/cdk/nag.ts), naming the rule (for IAM4/IAM5 the exact policy or wildcard) and the reason;
 * a new finding fails here with its rule and resource path. Functions are not bundled: the rules
 * read the construct tree, not code.
 */
import type { App, Stack } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { addShopStacks } from '../../infra/cdk/shop-app';
import { ShopStack } from '../../infra/cdk/shop-stack';
import { temporaryWebBuild, unbundledApp } from './fixtures/cdk';

const ACCOUNT = '123456789012';
const SHOP_REGION = 'eu-central-2';

const webBuild = temporaryWebBuild();

/**
 * The pack's unacknowledged findings in a stack, one line each: the rule (with the finding, for
 * rules such as IAM5 that report one per wildcard), then every resource's construct path.
 * cdk-nag 3 is a policy validation plugin rather than an aspect: the app is synthesized first, so
 * what aspects and lazy values add is there, and the pack then walks the finished tree.
 */
function findings(stack: Stack, severity: 'error' | 'warning'): string[] {
  (stack.node.root as App).synth();
  const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(stack);
  return report.violations
    .filter((violation) => (violation.severity === 'error') === (severity === 'error'))
    .map(
      (violation) =>
        `${violation.ruleName}: ${violation.description.split('. ')[0]}\n` +
        violation.violatingResources.map((resource) => `    at ${resource.constructPath}`).join('\n'),
    );
}

function expectClean(stack: Stack): void {
  const errors = findings(stack, 'error');
  const warnings = findings(stack, 'warning');
  expect(errors, `cdk-nag errors in ${stack.stackName}:\n${errors.join('\n')}`).toEqual([]);
  expect(warnings, `cdk-nag warnings in ${stack.stackName}:\n${warnings.join('\n')}`).toEqual([]);
}

describe('cdk-nag AwsSolutions', () => {
  it('leaves no finding unacknowledged in the default shop stack', () => {
    const stack = new ShopStack(unbundledApp(), 'linea-nag', {
      stage: 'nag',
      fromEmail: 'shop@linea.example',
      webAssetDir: webBuild(),
    });
    expectClean(stack);
  });

  it('leaves none in the shop behind its web ACL with threat protection and an ops address, nor in the WafStack', () => {
    const { shop, waf } = addShopStacks(unbundledApp(), {
      stage: 'nag',
      fromEmail: 'shop@linea.example',
      webAssetDir: webBuild(),
      waf: true,
      threatProtection: true,
      opsEmail: 'ops@linea.example',
      account: ACCOUNT,
      region: SHOP_REGION,
    });
    if (!waf) throw new Error('addShopStacks made no WafStack with waf: true');
    expectClean(shop);
    expectClean(waf);
  });
});
