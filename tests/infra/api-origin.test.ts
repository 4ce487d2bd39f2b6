/**
 * The API answers the site only: CloudFront sends a generated value in the origin header on its
 * way to the API, and every route function but the ones that say who calls them directly (the
 * Stripe webhook) is given the same value to check (functions/lib/http.ts).
 */
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/config';
import { areaEntry, routeKey, routes } from '../../functions/routes';
import { ShopStack } from '../../infra/cdk/shop-stack';
import { temporaryWebBuild, unbundledApp } from './fixtures/cdk';

type Resource = { Type: string; Properties?: Record<string, unknown>; Metadata?: Record<string, unknown> };

const webBuild = temporaryWebBuild();
let resources: Record<string, Resource>;

beforeAll(() => {
  const stack = new ShopStack(unbundledApp(), 'linea-test', {
    stage: 'test',
    fromEmail: 'shop@linea.example',
    webAssetDir: webBuild(),
  });
  resources = Template.fromStack(stack).toJSON().Resources as Record<string, Resource>;
});

/** The secret the value is generated in, as the template refers to it. */
function originSecret(): string {
  const ids = Object.entries(resources)
    .filter(([id, resource]) => resource.Type === 'AWS::SecretsManager::Secret' && id.startsWith('ApiOriginSecret'))
    .map(([id]) => id);
  expect(ids).toHaveLength(1);
  return ids[0]!;
}

const resolvesTo = (secretId: string) => ({
  'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']],
});

describe('the API behind the site', () => {
  it('generates the origin value and has CloudFront send it to the API origin', () => {
    const secretId = originSecret();
    expect(resources[secretId]?.Properties?.GenerateSecretString).toMatchObject({ PasswordLength: 48 });
    const distribution = Object.values(resources).find((r) => r.Type === 'AWS::CloudFront::Distribution');
    const origins = (distribution?.Properties?.DistributionConfig as { Origins: Record<string, unknown>[] }).Origins;
    const apiOrigins = origins.filter((origin) => origin.CustomOriginConfig);
    expect(apiOrigins).toHaveLength(1);
    expect(apiOrigins[0]?.OriginCustomHeaders).toEqual([
      { HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: resolvesTo(secretId) },
    ]);
  });

  it('gives every route function the same value to check, but the routes called directly', () => {
    const secretId = originSecret();
    const byModule = new Map(
      Object.values(resources)
        .filter((r) => r.Type === 'AWS::Lambda::Function' && r.Metadata?.['linea:handlerModule'])
        .map((r) => [
          r.Metadata?.['linea:handlerModule'] as string,
          (r.Properties?.Environment as { Variables: Record<string, unknown> }).Variables.ORIGIN_VERIFY,
        ]),
    );
    // An area function checks the value for every route but one called directly (functions/lib/http.ts),
    // so it gets the value as soon as one of its routes comes through the site.
    for (const route of routes) {
      expect(byModule.get(areaEntry(route.area)), routeKey(route)).toEqual(resolvesTo(secretId));
    }
    expect(routes.filter((route) => 'calledDirectly' in route).map((route) => route.path)).toEqual([
      '/webhooks/stripe',
    ]);
  });
});
