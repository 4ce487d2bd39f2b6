import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolRiskConfigurationAttachment,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolOperation,
  type IUserPool,
  type IUserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Policy, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { PASSWORD_POLICY } from '@linea/shared/domain/password-policy';
import type { IEmailSender } from './notifications';
import { Construct } from 'constructs';
import { PARTITION_PREFIX } from '../../../functions/data/keys';
import { acceptNag } from '../nag';
import { grantTableScope } from './grants';
import { ShopFunction, type ShopFunctionConfig } from './shop-function';

export interface AuthProps {
  /** Name of the group whose members may use `admin` routes; usually ADMIN_GROUP from functions/lib/auth.ts. */
  readonly adminGroupName: string;
  /**
   * Cognito trigger name (as in CloudFormation's LambdaConfig, e.g. `PreSignUp`) to the handler
   * module under functions/; usually `cognitoTriggers` from functions/triggers.ts.
   */
  readonly triggers: Readonly<Record<string, string>>;
  readonly functionConfig: ShopFunctionConfig;
  /** The shop's table: the CustomEmailSender trigger reads a customer's email language from it. */
  readonly table: ITable;
  /** SES as the shop's sender: the codes Cognito sends go out through it. */
  readonly emailSender: IEmailSender;
  /**
   * Accounts cannot be exported with their passwords, so losing the pool locks every shopper out.
   *
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
  /**
   * Cognito's threat protection in full-function mode: sign-ins with known leaked passwords and
   * high-risk sign-ins are blocked. It needs the Plus feature plan, billed per monthly active user.
   *
   * @default false: the Lite plan, whose built-in lockout slows down repeated failed sign-ins
   */
  readonly threatProtection?: boolean;
}

/** Shoppers' and admins' accounts: a Cognito user pool, the web app's client and the admin group. */
export class Auth extends Construct {
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  readonly triggerFunctions: Readonly<Record<string, ShopFunction>>;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;

    // Cognito encrypts every code it hands the CustomEmailSender trigger with this key.
    const codeKey = new Key(this, 'AccountCodeKey', {
      description: 'Encrypts the codes Cognito sends (sign-up, password reset) for the CustomEmailSender trigger',
      enableKeyRotation: true,
      removalPolicy,
    });
    // Cognito itself encrypts with the key, for the pools of this account only.
    codeKey.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CognitoEncryptsAccountCodes',
        principals: [new ServicePrincipal('cognito-idp.amazonaws.com')],
        actions: ['kms:Encrypt', 'kms:GenerateDataKey'],
        resources: ['*'],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Stack.of(this).account },
          ArnLike: {
            'aws:SourceArn': `arn:${Stack.of(this).partition}:cognito-idp:${Stack.of(this).region}:${Stack.of(this).account}:userpool/*`,
          },
        },
      }),
    );

    const userPool = new UserPool(this, 'UserPool', {
      customSenderKmsKey: codeKey,
      signInAliases: { email: true },
      // A new account is confirmed with the code mailed to it, which also verifies the email;
      // a password reset code goes only to a verified email.
      autoVerify: { email: true },
      keepOriginal: { email: true },
      // Shoppers type their address in any case; one account per mailbox.
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: true, mutable: true },
        familyName: { required: true, mutable: true },
      },
      // The sign-up form shows and checks the same rules, and the local stand-in enforces them.
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireLowercase: PASSWORD_POLICY.requireLowercase,
        requireUppercase: PASSWORD_POLICY.requireUppercase,
        requireDigits: PASSWORD_POLICY.requireDigits,
        requireSymbols: PASSWORD_POLICY.requireSymbols,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Cognito has no MFA per group: every account may add an authenticator app (TOTP), and the
      // admin TOTP guard (a Pre Token Generation trigger) grants admin rights only to members who
      // did. No SMS: it costs per message and is the weaker factor.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // Password sign-in, MFA, groups and triggers are all in the Lite plan; threat protection is Plus.
      featurePlan: props.threatProtection ? FeaturePlan.PLUS : FeaturePlan.LITE,
      ...(props.threatProtection ? { standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION } : {}),
      deletionProtection: removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy,
    });
    acceptNag(
      userPool,
      'COG1',
      'Length over composition (NIST SP 800-63B): 12 characters with lower, upper and digits; symbols are not ' +
        'required (shared/domain/password-policy.ts, which the sign-up form and the local stand-in share).',
    );
    acceptNag(
      userPool,
      'COG2',
      'TOTP is required for the admin group: the Pre Token Generation trigger (functions/triggers/admin-totp-guard.ts) ' +
        'keeps the group out of the token of a member without it. Shoppers keep MFA optional; no SMS.',
    );
    if (!props.threatProtection) {
      acceptNag(
        userPool,
        'COG8',
        'Threat protection (the Plus plan) is billed per monthly active user: deploy with -c threatProtection=true ' +
          'to turn it on. Without it, Cognito still locks an account out after repeated failed sign-ins.',
      );
    }

    this.userPoolClient = userPool.addClient('WebClient', {
      // A browser cannot keep a secret.
      generateSecret: false,
      // SRP only: the password never leaves the browser. (The local stand-in's own client, made
      // by infra/local/cognito.ts, allows the plain-password flow it needs.)
      authFlows: { userSrp: true },
      // Amplify signs in with the SDK, not the hosted UI.
      disableOAuth: true,
      preventUserExistenceErrors: true,
      // What the browser may write about a customer: never `email_verified`, which only a code proves.
      writeAttributes: new ClientAttributes().withStandardAttributes({
        email: true,
        givenName: true,
        familyName: true,
        locale: true,
      }),
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    if (props.threatProtection) {
      // No notification emails (they would need an SES identity of their own) and no MFA for a
      // medium risk: a shopper without an authenticator app would be asked to set one up first.
      const noAction = { eventAction: 'NO_ACTION', notify: false };
      new CfnUserPoolRiskConfigurationAttachment(this, 'ThreatProtection', {
        userPoolId: userPool.userPoolId,
        clientId: 'ALL',
        accountTakeoverRiskConfiguration: {
          actions: {
            lowAction: noAction,
            mediumAction: noAction,
            highAction: { eventAction: 'BLOCK', notify: false },
          },
        },
        compromisedCredentialsRiskConfiguration: {
          actions: { eventAction: 'BLOCK' },
          eventFilter: ['SIGN_IN', 'PASSWORD_CHANGE', 'SIGN_UP'],
        },
      });
    }

    userPool.addGroup('AdminGroup', {
      groupName: props.adminGroupName,
      description: 'Shop administrators: back office and admin API routes',
    });

    const triggerFunctions: Record<string, ShopFunction> = {};
    for (const [trigger, handlerModule] of Object.entries(props.triggers)) {
      const fn = new ShopFunction(this, `${trigger}Trigger`, {
        handlerModule,
        description: `Cognito ${trigger} -> ${handlerModule}`,
        config: props.functionConfig,
        // Cognito gives a trigger 5 seconds before it fails the user's request.
        timeout: Duration.seconds(5),
        ...(trigger === 'CustomEmailSender' ? { environment: { CODE_KEY_ARN: codeKey.keyArn } } : {}),
      });
      if (trigger === 'CustomEmailSender') {
        codeKey.grantDecrypt(fn);
        props.emailSender.grantSendEmail(fn);
        // It reads the customer's profile (the language of their emails), nothing else.
        grantTableScope(fn, props.table, { read: [PARTITION_PREFIX.customer] });
      }
      if (trigger === 'PreTokenGeneration' && fn.role) {
        // A policy of its own, not the function's default one: the function would depend on it,
        // it on the pool, and the pool on the function.
        new Policy(this, 'PreTokenGenerationReadsUsers', {
          roles: [fn.role],
          statements: [
            new PolicyStatement({ actions: ['cognito-idp:AdminGetUser'], resources: [userPool.userPoolArn] }),
          ],
        });
      }
      userPool.addTrigger(
        trigger === 'CustomEmailSender' ? UserPoolOperation.CUSTOM_EMAIL_SENDER : UserPoolOperation.of(trigger),
        fn,
      );
      triggerFunctions[trigger] = fn;
    }
    this.triggerFunctions = triggerFunctions;
    this.userPool = userPool;
  }
}
