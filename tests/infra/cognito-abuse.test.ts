/**
 * The user pool's defences against guessing and account takeover, as the cloud gets them:
 * TOTP offered to every account (the admin TOTP guard makes it a condition of admin rights),
 * SRP-only sign-in, and threat protection when deployed with `-c threatProtection=true`.
 * cognito-local cannot stand in for these, so the template is the proof. Synthesized without
 * bundling the functions (nothing here reads code).
 */
import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { PASSWORD_POLICY } from '@linea/shared/domain/password-policy';
import { beforeAll, describe, expect, it } from 'vitest';
import { addShopStacks } from '../../infra/cdk/shop-app';
import type { ShopStack } from '../../infra/cdk/shop-stack';
import { temporaryWebBuild, unbundledApp } from './fixtures/cdk';

const webBuild = temporaryWebBuild();

function shopStack(threatProtection: boolean): ShopStack {
  const app = unbundledApp();
  return addShopStacks(app, {
    stage: 'test',
    fromEmail: 'shop@linea.example',
    webAssetDir: webBuild(),
    waf: false,
    threatProtection,
    account: '123456789012',
    region: 'eu-central-2',
  }).shop;
}

describe('user pool, default deploy', () => {
  let stack: ShopStack;
  let template: Template;
  beforeAll(() => {
    stack = shopStack(false);
    template = Template.fromStack(stack);
  });

  it('asks for passwords of at least 10 characters', () => {
    expect(PASSWORD_POLICY.minLength).toBeGreaterThanOrEqual(10);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: PASSWORD_POLICY.minLength }) },
    });
  });

  it('offers an authenticator app (TOTP) as the only second factor', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it('remembers no devices, which would let a TOTP user sign in without the code', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { DeviceConfiguration: Match.absent() });
  });

  it('runs the admin TOTP guard before every token, allowed to read the pool users alone', () => {
    const guard = stack.auth.triggerFunctions.PreTokenGeneration;
    expect(guard).toBeDefined();
    const guardId = stack.getLogicalId(guard!.node.defaultChild as CfnElement);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: Match.objectLike({ PreTokenGeneration: { 'Fn::GetAtt': [guardId, 'Arn'] } }),
    });
    const roleId = stack.getLogicalId(guard!.role!.node.defaultChild as CfnElement);
    const poolId = stack.getLogicalId(stack.auth.userPool.node.defaultChild as CfnElement);
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: roleId }],
      PolicyDocument: {
        Statement: [
          { Effect: 'Allow', Action: 'cognito-idp:AdminGetUser', Resource: { 'Fn::GetAtt': [poolId, 'Arn'] } },
        ],
      },
    });
  });

  it('lets the web client sign in with SRP only, never the plain password', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    });
  });

  it('stays on the Lite plan, whose built-in lockout slows repeated failed sign-ins, without threat protection', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'LITE',
      UserPoolAddOns: Match.absent(),
    });
    template.resourceCountIs('AWS::Cognito::UserPoolRiskConfigurationAttachment', 0);
  });
});

describe('user pool with -c threatProtection=true', () => {
  let template: Template;
  beforeAll(() => {
    template = Template.fromStack(shopStack(true));
  });

  it('enforces threat protection on the Plus plan', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
  });

  it('blocks high-risk sign-ins and leaked passwords for every client', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolRiskConfigurationAttachment', {
      ClientId: 'ALL',
      AccountTakeoverRiskConfiguration: {
        Actions: Match.objectLike({ HighAction: { EventAction: 'BLOCK', Notify: false } }),
      },
      CompromisedCredentialsRiskConfiguration: {
        Actions: { EventAction: 'BLOCK' },
        EventFilter: ['SIGN_IN', 'PASSWORD_CHANGE', 'SIGN_UP'],
      },
    });
  });
});
