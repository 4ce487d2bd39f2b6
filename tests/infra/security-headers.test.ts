/**
 * The storefront's security headers as CloudFront sends them: the Website construct's response
 * headers policy, synthesized on its own (no functions to bundle), checked header by header and
 * directive by directive, and on every behaviour of the distribution, the API's included.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Template } from 'aws-cdk-lib/assertions';
import { Bucket, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { Website } from '../../infra/cdk/constructs/website';
import {
  contentSecurityPolicy,
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
  securityHeaderLines,
  securityHeaders,
} from '../../infra/security-headers';

const REGION = 'eu-central-2';
/** How a directive's token (the media bucket's domain, resolved at deploy) reads in these tests. */
const MEDIA_DOMAIN = '<media-bucket-regional-domain>';

let siteDir: string;
let template: Template;
let mediaBucketId: string;

beforeAll(() => {
  siteDir = mkdtempSync(path.join(os.tmpdir(), 'linea-headers-site-'));
  writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  mkdirSync(path.join(siteDir, 'assets'));
  writeFileSync(path.join(siteDir, 'assets', 'index-abc12345.js'), 'export {};');

  const stack = new Stack(new App(), 'headers-test', { env: { account: '123456789012', region: REGION } });
  const media = new Bucket(stack, 'Media');
  mediaBucketId = stack.getLogicalId(media.node.defaultChild as CfnBucket);
  const website = new Website(stack, 'Website', { assetDir: siteDir, mediaBucket: media });
  // A shared (cached) route and a personal one: the API gets behaviours of both kinds.
  website.addApi(
    new HttpApi(stack, 'Api'),
    routes.filter((route) => route.method === 'GET' && (route.path === '/products' || route.path === '/me')),
  );
  website.deployContent({
    region: REGION,
    userPoolId: 'pool',
    userPoolClientId: 'client',
    cognitoEndpoint: null,
    authFlow: 'USER_SRP_AUTH',
    stage: 'test',
  });
  template = Template.fromStack(stack);
});

afterAll(() => {
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;

/** A CloudFormation string value as text, the media bucket's domain written as MEDIA_DOMAIN. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const object = value as Json;
  if (Array.isArray(object['Fn::Join'])) {
    const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
    return parts.map(textOf).join(separator);
  }
  const attribute = object['Fn::GetAtt'] as [string, string] | undefined;
  if (attribute?.[0] === mediaBucketId && attribute[1] === 'RegionalDomainName') return MEDIA_DOMAIN;
  throw new Error(`Unexpected value in the policy: ${JSON.stringify(value)}`);
}

function policyConfig(): { id: string; config: Json } {
  const policies = Object.entries(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
  expect(policies).toHaveLength(1);
  const [id, resource] = policies[0] as [string, { Properties: { ResponseHeadersPolicyConfig: Json } }];
  return { id, config: resource.Properties.ResponseHeadersPolicyConfig };
}

/** The CSP's directives by name, each with its sources. */
function directivesOf(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

function cloudCsp(): Map<string, string[]> {
  const security = policyConfig().config.SecurityHeadersConfig as Json;
  return directivesOf(textOf((security.ContentSecurityPolicy as Json).ContentSecurityPolicy));
}

describe("CloudFront's response headers policy", () => {
  it('allows scripts from the site alone: no inline script, no eval', () => {
    const csp = cloudCsp();
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.has('script-src-elem')).toBe(false);
    expect(csp.has('script-src-attr')).toBe(false);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
  });

  it('lets the app connect to its API (its own origin), Cognito and the upload bucket, and nothing else', () => {
    expect(cloudCsp().get('connect-src')).toEqual([
      "'self'",
      `https://cognito-idp.${REGION}.amazonaws.com`,
      `https://${MEDIA_DOMAIN}`,
    ]);
  });

  it('takes images from the site and data: only, and forms to the site and Stripe Checkout', () => {
    const csp = cloudCsp();
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://checkout.stripe.com']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });

  it('sends HSTS for a year, nosniff, DENY framing, the referrer policy and the permissions policy', () => {
    const { config } = policyConfig();
    expect(config.SecurityHeadersConfig).toMatchObject({
      StrictTransportSecurity: {
        AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS,
        IncludeSubdomains: true,
        Override: true,
      },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
      ContentSecurityPolicy: { Override: true },
    });
    expect(HSTS_MAX_AGE_SECONDS).toBe(31_536_000);
    expect(config.CustomHeadersConfig).toEqual({
      Items: [{ Header: 'Permissions-Policy', Value: PERMISSIONS_POLICY, Override: true }],
    });
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
  });

  it('is on every behaviour: pages, media and the API, cached or not', () => {
    const { id } = policyConfig();
    const distributions = Object.values(template.findResources('AWS::CloudFront::Distribution'));
    expect(distributions).toHaveLength(1);
    const config = (distributions[0] as { Properties: { DistributionConfig: Json } }).Properties.DistributionConfig;
    const behaviours = [config.DefaultCacheBehavior, ...(config.CacheBehaviors as unknown[])] as Json[];
    expect(behaviours.map((behaviour) => behaviour.PathPattern ?? 'default').sort()).toEqual(
      ['/api/*', '/api/products', '/media/*', 'default'].sort(),
    );
    for (const behaviour of behaviours) expect(behaviour.ResponseHeadersPolicyId).toEqual({ Ref: id });
  });
});

describe('the one definition of the headers', () => {
  const local = {
    cognito: 'http://127.0.0.1:9229',
    mediaUploads: 'http://127.0.0.1:4569',
    stripeCheckout: 'http://127.0.0.1:12111',
    httpsOnly: false,
  };

  it('gives the local web server the same policy with the stand-ins as origins, over plain HTTP', () => {
    const csp = directivesOf(contentSecurityPolicy(local));
    const cloud = cloudCsp();
    expect(csp.get('connect-src')).toEqual(["'self'", local.cognito, local.mediaUploads]);
    expect(csp.get('form-action')).toEqual(["'self'", local.stripeCheckout]);
    // HTTP stand-ins cannot be upgraded; every other directive is the cloud's.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    for (const name of ['connect-src', 'form-action', 'upgrade-insecure-requests']) {
      csp.delete(name);
      cloud.delete(name);
    }
    expect(csp).toEqual(cloud);
  });

  it('writes the header lines an HTTP server sends', () => {
    const lines = securityHeaderLines(securityHeaders(local));
    expect(lines).toEqual({
      'content-security-policy': contentSecurityPolicy(local),
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': PERMISSIONS_POLICY,
    });
  });

  it('adds configured image hosts to img-src only', () => {
    const csp = directivesOf(contentSecurityPolicy({ ...local, imageHosts: ['https://images.example.ch'] }));
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https://images.example.ch']);
    expect(csp.get('connect-src')).toEqual(["'self'", local.cognito, local.mediaUploads]);
  });
});
