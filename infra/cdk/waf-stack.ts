import { CfnOutput, Stack, Token, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { API_PATH } from '@linea/shared/contracts/runtime-config';

/** The answer to a request WAF refuses for its rate: the shape the API's own 429 has. */
export const RATE_LIMITED_BODY = JSON.stringify({ error: 'RATE_LIMITED', message: 'Too many requests' });

/** A group of abusable public routes limited together, per client IP. */
export interface RouteRateLimit {
  /** Rule and metric name. */
  readonly name: string;
  /** Viewer path prefix under the site's `/api`, e.g. `/api/contact`. */
  readonly pathPrefix: string;
  /** Requests one IP may send in each evaluation window (WAF's minimum is 10). */
  readonly limit: number;
}

/** WAF counts each client's requests over the last five minutes. */
export const RATE_WINDOW_SECONDS = 300;

/**
 * The per-client limits of the routes someone could abuse for spam, cost or guessing. The route
 * throttles of functions/routes.ts cap each route for everyone at once; these stop one client
 * from spending that shared budget alone. Set generously above what a shopper does by hand.
 * Sign-up and sign-in go to Cognito directly, not through CloudFront: Cognito's own lockout
 * (and threat protection, when deployed) covers them.
 */
export const ROUTE_RATE_LIMITS: readonly RouteRateLimit[] = [
  // A shopper writes a message or two.
  { name: 'contact', pathPrefix: `${API_PATH}/contact`, limit: 10 },
  // Subscribe, confirm and unsubscribe.
  { name: 'newsletter', pathPrefix: `${API_PATH}/newsletter/`, limit: 20 },
  // Typing a code, mistyping it: a few dozen tries, not the thousands enumeration needs.
  { name: 'promo-lookup', pathPrefix: `${API_PATH}/promo-codes/`, limit: 30 },
  // Checkout and its abandon: each checkout reserves stock for up to 30 minutes.
  { name: 'checkout', pathPrefix: `${API_PATH}/checkout`, limit: 30 },
  // Each message of a conversation calls the language model; the handler limits per caller too.
  { name: 'chat', pathPrefix: `${API_PATH}/chat`, limit: 100 },
];

const RATE_LIMITED_BODY_KEY = 'rate-limited';

export interface WafStackProps extends StackProps {
  /** Prefix of the web ACL's and its metrics' names, e.g. `linea-prod`. */
  readonly namePrefix: string;
}

/**
 * The storefront's web ACL. CloudFront takes only a web ACL of scope CLOUDFRONT, which AWS keeps
 * in us-east-1, hence a stack of its own there. It costs money (the ACL, each rule, each million
 * requests), so the app creates it only when deployed with `-c waf=true`.
 */
export class WafStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: WafStackProps) {
    super(scope, id, props);
    if (!Token.isUnresolved(this.region) && this.region !== 'us-east-1') {
      throw new Error(`WafStack: a CloudFront web ACL must be in us-east-1, not ${this.region}.`);
    }
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: `${props.namePrefix}-${metricName}`,
      sampledRequestsEnabled: true,
    });

    const managedRules: CfnWebACL.RuleProperty[] = [
      {
        name: 'aws-common',
        priority: 0,
        overrideAction: { none: {} },
        statement: {
          managedRuleGroupStatement: {
            vendorName: 'AWS',
            name: 'AWSManagedRulesCommonRuleSet',
            // The group blocks bodies over 8 KB; the API caps each route's body itself
            // (maxBodyBytes), and the assistant's conversations are larger than that.
            ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            // Product descriptions and newsletters are markup the cross-site scripting rules
            // would refuse; only an admin's token reaches those routes, and they escape it.
            scopeDownStatement: {
              notStatement: { statement: pathStartsWith(`${API_PATH}/admin/`) },
            },
          },
        },
        visibilityConfig: visibility('aws-common'),
      },
      {
        name: 'aws-known-bad-inputs',
        priority: 1,
        overrideAction: { none: {} },
        statement: {
          managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesKnownBadInputsRuleSet' },
        },
        visibilityConfig: visibility('aws-known-bad-inputs'),
      },
    ];
    const rateRules: CfnWebACL.RuleProperty[] = ROUTE_RATE_LIMITS.map((rate, index) => ({
      name: `rate-${rate.name}`,
      priority: 10 + index,
      action: {
        block: { customResponse: { responseCode: 429, customResponseBodyKey: RATE_LIMITED_BODY_KEY } },
      },
      statement: {
        rateBasedStatement: {
          aggregateKeyType: 'IP',
          limit: rate.limit,
          evaluationWindowSec: RATE_WINDOW_SECONDS,
          scopeDownStatement: pathStartsWith(rate.pathPrefix),
        },
      },
      visibilityConfig: visibility(`rate-${rate.name}`),
    }));

    const webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${props.namePrefix}-storefront`,
      description: 'LINEA storefront: AWS managed rules and per-client rate limits on abusable routes',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [RATE_LIMITED_BODY_KEY]: { contentType: 'APPLICATION_JSON', content: RATE_LIMITED_BODY },
      },
      rules: [...managedRules, ...rateRules],
      visibilityConfig: visibility('storefront'),
    });
    this.webAclArn = webAcl.attrArn;
    new CfnOutput(this, 'WebAclArn', { value: webAcl.attrArn });
  }
}

/**
 * The viewer's path begins with `prefix`, after WAF removes `//`, `/./` and `/../` as API Gateway
 * would, so `/api//contact` counts as `/api/contact`.
 */
function pathStartsWith(prefix: string): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'STARTS_WITH',
      searchString: prefix,
      textTransformations: [{ priority: 0, type: 'NORMALIZE_PATH' }],
    },
  };
}
