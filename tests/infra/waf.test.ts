/**
 * The storefront's WAF web ACL (its own stack in us-east-1) and its wiring by the app: with
 * `waf` the shop's distribution names the ACL, without it the distribution has none. The shop
 * stacks are synthesized without bundling their functions (nothing here looks at code).
 */
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { API_PATH } from '@linea/shared/contracts/runtime-config';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routes, type RouteDefinition } from '../../functions/routes';
import { addShopStacks, WAF_REGION } from '../../infra/cdk/shop-app';
import { RATE_LIMITED_BODY, RATE_WINDOW_SECONDS, ROUTE_RATE_LIMITS, WafStack } from '../../infra/cdk/waf-stack';
import { temporaryWebBuild, unbundledApp } from './fixtures/cdk';

const SHOP_REGION = 'eu-central-2';
const ACCOUNT = '123456789012';

/** The public routes issue 15 names as abusable (sign-up and sign-in go to Cognito, not here). */
const ABUSABLE_ROUTES = [
  'POST /contact',
  'POST /newsletter/subscribers',
  'POST /newsletter/unsubscribe',
  'POST /newsletter/confirm',
  'GET /promo-codes/{code}',
  'POST /checkout',
  'POST /checkout/abandon',
  'POST /chat',
];

const webBuild = temporaryWebBuild();

const shopSettings = (waf: boolean) => ({
  stage: 'test',
  fromEmail: 'shop@linea.example',
  webAssetDir: webBuild(),
  waf,
  threatProtection: false,
  account: ACCOUNT,
  region: SHOP_REGION,
});

/** The path a viewer requests for a route, its parameters filled in. */
const viewerPath = (route: RouteDefinition): string => `${API_PATH}${route.path.replace(/\{[^}]+\}/g, 'x')}`;

type Rule = {
  Name: string;
  Action?: unknown;
  Statement: {
    RateBasedStatement?: {
      Limit: number;
      AggregateKeyType: string;
      EvaluationWindowSec: number;
      ScopeDownStatement: { ByteMatchStatement: { SearchString: string; PositionalConstraint: string } };
    };
    ManagedRuleGroupStatement?: { Name: string; VendorName: string };
  };
};

describe('WafStack', () => {
  let template: Template;
  let rules: Rule[];

  beforeAll(() => {
    const stack = new WafStack(new App(), 'waf-test', {
      namePrefix: 'linea-test',
      env: { account: ACCOUNT, region: WAF_REGION },
    });
    template = Template.fromStack(stack);
    const acls = Object.values(template.findResources('AWS::WAFv2::WebACL')) as { Properties: { Rules: Rule[] } }[];
    expect(acls).toHaveLength(1);
    rules = acls[0]!.Properties.Rules;
  });

  it('is a CloudFront web ACL that lets through what no rule blocks', () => {
    template.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it('refuses to be made outside us-east-1, where CloudFront cannot use it', () => {
    expect(
      () =>
        new WafStack(new App(), 'waf-elsewhere', { namePrefix: 'x', env: { account: ACCOUNT, region: SHOP_REGION } }),
    ).toThrow(/us-east-1/);
  });

  it('runs the AWS managed common and known-bad-inputs rule sets', () => {
    const managed = rules.flatMap((rule) => rule.Statement.ManagedRuleGroupStatement ?? []);
    expect(managed.map((group) => `${group.VendorName}/${group.Name}`).sort()).toEqual([
      'AWS/AWSManagedRulesCommonRuleSet',
      'AWS/AWSManagedRulesKnownBadInputsRuleSet',
    ]);
  });

  it('limits each abusable route per client IP, answering 429 in the API error shape', () => {
    for (const key of ABUSABLE_ROUTES) {
      const route = (routes as readonly RouteDefinition[]).find((candidate) => routeKey(candidate) === key);
      expect(route, `${key} is in functions/routes.ts`).toBeDefined();
      const limiting = rules.filter((rule) =>
        viewerPath(route!).startsWith(
          rule.Statement.RateBasedStatement?.ScopeDownStatement.ByteMatchStatement.SearchString ?? '\0',
        ),
      );
      expect(limiting, `a rate rule covers ${key}`).toHaveLength(1);
      expect(limiting[0]!.Statement.RateBasedStatement).toMatchObject({
        AggregateKeyType: 'IP',
        EvaluationWindowSec: RATE_WINDOW_SECONDS,
        ScopeDownStatement: { ByteMatchStatement: { PositionalConstraint: 'STARTS_WITH' } },
      });
      expect(limiting[0]!.Action).toEqual({
        Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'rate-limited' } },
      });
    }
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      CustomResponseBodies: { 'rate-limited': { ContentType: 'APPLICATION_JSON', Content: RATE_LIMITED_BODY } },
    });
    expect(JSON.parse(RATE_LIMITED_BODY)).toEqual({ error: 'RATE_LIMITED', message: 'Too many requests' });
  });

  it('has one rate rule per limit, each within what WAF accepts and matching a route', () => {
    const rateRules = rules.filter((rule) => rule.Statement.RateBasedStatement);
    expect(rateRules).toHaveLength(ROUTE_RATE_LIMITS.length);
    for (const limit of ROUTE_RATE_LIMITS) {
      expect(limit.limit).toBeGreaterThanOrEqual(10);
      // A renamed route would leave its limit matching nothing.
      expect(
        routes.some((route) => viewerPath(route).startsWith(limit.pathPrefix)),
        limit.pathPrefix,
      ).toBe(true);
    }
  });
});

describe('the app with and without -c waf=true', () => {
  it('puts the us-east-1 web ACL in front of the storefront when on', () => {
    const { shop, waf } = addShopStacks(unbundledApp(), shopSettings(true));

    expect(waf?.region).toBe(WAF_REGION);
    expect(shop.region).toBe(SHOP_REGION);
    expect(shop.dependencies).toContain(waf);
    Template.fromStack(shop).hasResourceProperties('AWS::CloudFront::Distribution', {
      // The ACL's ARN, read in the shop's region from the parameter CDK writes for it in us-east-1.
      DistributionConfig: Match.objectLike({ WebACLId: Match.objectLike({ 'Fn::GetAtt': Match.anyValue() }) }),
    });
  });

  it('puts none there when off, and makes no WAF stack', () => {
    const app = unbundledApp();
    const { shop, waf } = addShopStacks(app, shopSettings(false));

    expect(waf).toBeUndefined();
    expect(app.node.children.filter((child) => child instanceof WafStack)).toHaveLength(0);
    Template.fromStack(shop).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: Match.absent() }),
    });
  });

  it('asks for the shop region when on, which the cross-region reference needs', () => {
    const { region: _region, ...withoutRegion } = shopSettings(true);
    expect(() => addShopStacks(unbundledApp(), withoutRegion)).toThrow(/region/);
  });
});
