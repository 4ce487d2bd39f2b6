import path from 'node:path';
import { CfnOutput, CustomResource, Duration, Stack, type RemovalPolicy, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ADMIN_GROUP } from '../../functions/lib/auth';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/config';
import { fallbackRoute, routes } from '../../functions/routes';
import { RULE_MAX_EVENT_AGE_SECONDS, RULE_RETRY_ATTEMPTS, rules, STOREFRONT_PAGES_RULE } from '../../functions/rules';
import { topicSubscribers } from '../../functions/topics';
import { cloudOnlyCognitoTriggers, cognitoTriggers } from '../../functions/triggers';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { Events } from './constructs/events';
import { chatModel } from './constructs/chat-model';
import { Media } from './constructs/media';
import { Notifications } from './constructs/notifications';
import { Operations, WATCHED_LATENCY } from './constructs/operations';
import type { ShopFunction } from './constructs/shop-function';
import { Website } from './constructs/website';
import { acceptNag } from './nag';
import { REPO_ROOT } from './paths';

export interface ShopStackProps extends StackProps {
  /** Lower-case stage name (`dev`, `prod`), passed to every function as STAGE. */
  readonly stage: string;
  /**
   * Sender of every email. Its address or domain must be a verified SES identity in the
   * stack's region before the shop can send mail.
   */
  readonly fromEmail: string;
  /**
   * The shop team's inbox, where contact messages arrive (with the shopper as Reply-To).
   *
   * @default the sender, `fromEmail`
   */
  readonly shopInboxEmail?: string;
  /**
   * The built web app to publish.
   *
   * @default web/dist in the repository (built by `npm run build`)
   */
  readonly webAssetDir?: string;
  /**
   * Applied to the stateful resources that cannot be rebuilt from the repository: the table
   * and the user pool. Use DESTROY only for a throw-away stage.
   *
   * @default RemovalPolicy.RETAIN
   */
  readonly dataRemovalPolicy?: RemovalPolicy;
  /**
   * Name of an existing Secrets Manager secret holding the Stripe keys as JSON
   * `{ "secretKey": "sk_…", "webhookSecret": "whsec_…" }`.
   *
   * @default - the stack creates an empty secret `linea/<stage>/stripe`; put the keys into it after the first deploy
   */
  readonly stripeSecretName?: string;
  /**
   * Stripe's API base URL.
   *
   * @default https://api.stripe.com
   */
  readonly stripeApiUrl?: string;
  /**
   * An address subscribed to the operators' alarm topic at deploy (AWS mails it a link to
   * confirm). @default none: subscribe to the topic yourself
   */
  readonly opsEmail?: string;
  /**
   * The Bedrock model of the shop assistant: a foundation model id, or a cross-region inference
   * profile id (`eu.…`) where the region serves the model only through one. The assistant's
   * function may invoke this model and no other. Deploy with `-c chatModelId=<id>`.
   *
   * @default DEFAULT_CHAT_MODEL_ID
   */
  readonly chatModelId?: string;
  /**
   * ARN of the WafStack's web ACL, put in front of the storefront's distribution. Deploy with
   * `-c waf=true`.
   *
   * @default no web ACL
   */
  readonly webAclArn?: string;
  /**
   * Cognito's threat protection (Plus feature plan, billed per monthly active user) in full-function
   * mode. Deploy with `-c threatProtection=true`.
   *
   * @default false: Cognito's built-in lockout after repeated failed sign-ins
   */
  readonly threatProtection?: boolean;
}

/** Claude 3.5 Haiku through the EU inference profile: quick, inexpensive, good at tool use. */
export const DEFAULT_CHAT_MODEL_ID = 'eu.anthropic.claude-3-5-haiku-20241022-v1:0';

/** The whole shop in one stack, so no resource is locked behind a cross-stack export. */
export class ShopStack extends Stack {
  readonly data: Data;
  readonly media: Media;
  readonly notifications: Notifications;
  readonly website: Website;
  readonly events: Events;
  readonly operations: Operations;
  readonly auth: Auth;
  readonly api: Api;

  constructor(scope: Construct, id: string, props: ShopStackProps) {
    super(scope, id, props);
    if (!/^[a-z][a-z0-9-]{0,19}$/.test(props.stage)) {
      throw new Error(
        `ShopStack: stage "${props.stage}" must be 1-20 lower-case letters, digits or dashes, starting with a letter (e.g. -c stage=dev).`,
      );
    }

    this.data = new Data(this, 'Data', { removalPolicy: props.dataRemovalPolicy });
    this.media = new Media(this, 'Media', { removalPolicy: props.dataRemovalPolicy });
    this.notifications = new Notifications(this, 'Notifications', { fromEmail: props.fromEmail });
    // CloudFront names itself to the API with this value; the route functions refuse requests
    // without it, which came to the API's own address past the site's web ACL.
    const apiOriginSecret = new Secret(this, 'ApiOriginSecret', {
      description:
        'LINEA: the value CloudFront sends to the API in x-origin-verify (generated; rotate by redeploying after changing it)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    acceptNag(
      apiOriginSecret,
      'SMG4',
      'Not a credential of a person or service: a shared marker between CloudFront and the API. A rotation ' +
        'Lambda cannot change CloudFront and the functions at once; to change it, put a new value and redeploy.',
    );
    const originVerify = apiOriginSecret.secretValue.unsafeUnwrap();
    // The distribution depends on nothing else here, so its URL can reach every function.
    this.website = new Website(this, 'Website', {
      apiOriginHeaders: { [ORIGIN_VERIFY_HEADER]: originVerify },
      assetDir: props.webAssetDir ?? path.join(REPO_ROOT, 'web', 'dist'),
      mediaBucket: this.media.bucket,
      ...(props.webAclArn ? { webAclArn: props.webAclArn } : {}),
    });

    // The keys never appear in the template or the functions' environment: only the secret's ARN does.
    const stripeSecret = props.stripeSecretName
      ? Secret.fromSecretNameV2(this, 'StripeSecret', props.stripeSecretName)
      : new Secret(this, 'StripeSecret', {
          secretName: `linea/${props.stage}/stripe`,
          description:
            'Stripe keys for the shop as JSON {"secretKey":"sk_…","webhookSecret":"whsec_…"}; set with aws secretsmanager put-secret-value',
        });
    acceptNag(
      stripeSecret,
      'SMG4',
      "Stripe issues the keys: only its dashboard can roll them, so no rotation Lambda can. README.md's runbook " +
        '(Rotating the Stripe keys) is the rotation.',
    );
    const baseConfig = {
      stage: props.stage,
      stripeApiUrl: props.stripeApiUrl ?? 'https://api.stripe.com',
      stripeSecretId: stripeSecret.secretArn,
      tableName: this.data.table.tableName,
      fromEmail: props.fromEmail,
      emailConfigurationSet: this.notifications.configurationSet.configurationSetName,
      shopInboxEmail: props.shopInboxEmail ?? props.fromEmail,
      webUrl: this.website.url,
    };
    this.events = new Events(this, 'Events', {
      rules,
      topicSubscribers,
      topics: { emailFeedback: this.notifications.feedbackTopic },
      retryAttempts: RULE_RETRY_ATTEMPTS,
      maxEventAge: Duration.seconds(RULE_MAX_EVENT_AGE_SECONDS),
      functionConfig: baseConfig,
      table: this.data.table,
      emailSender: this.notifications,
      stripeSecret,
      mediaBucket: this.media.bucket,
      site: { bucket: this.website.bucket, distribution: this.website.distribution },
    });
    const functionConfig = { ...baseConfig, eventBusName: this.events.bus.eventBusName };

    this.auth = new Auth(this, 'Auth', {
      adminGroupName: ADMIN_GROUP,
      triggers: { ...cognitoTriggers, ...cloudOnlyCognitoTriggers },
      functionConfig,
      table: this.data.table,
      emailSender: this.notifications,
      removalPolicy: props.dataRemovalPolicy,
      threatProtection: props.threatProtection ?? false,
    });

    this.api = new Api(this, 'Api', {
      routes,
      fallbackRoute,
      functionConfig,
      table: this.data.table,
      bus: this.events.bus,
      emailSender: this.notifications,
      stripeSecret,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      mediaBucket: this.media.bucket,
      site: { bucket: this.website.bucket, distribution: this.website.distribution },
      chatModel: chatModel(this, props.chatModelId ?? DEFAULT_CHAT_MODEL_ID),
      originVerify,
      detailedMetricsRoutes: Object.values(WATCHED_LATENCY).map((watched) => watched.routeKey),
    });

    // The browser reaches the API on the site's own origin (/api/*): no CORS, no second connection.
    this.website.addApi(this.api.httpApi, routes);
    this.operations = new Operations(this, 'Operations', {
      httpApi: this.api.httpApi,
      deadLetterAlarms: this.events.deadLetterAlarms,
      deadLetterQueues: this.events.deadLetterQueues,
      stage: props.stage,
      topic: this.events.alarmTopic,
      ...(props.opsEmail ? { opsEmail: props.opsEmail } : {}),
    });
    const content = this.website.deployContent({
      region: this.region,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.userPoolClient.userPoolClientId,
      cognitoEndpoint: null,
      authFlow: 'USER_SRP_AUTH',
      stage: props.stage,
    });
    // Every page rendered into the app just published, by the function that re-renders them on
    // product changes: CloudFormation invokes it as a custom resource whose properties change
    // with each new web build or config, so each deploy of one renders every page again.
    const storefrontPages = new CustomResource(this, 'StorefrontPages', {
      serviceToken: (this.events.consumers[STOREFRONT_PAGES_RULE] as ShopFunction).functionArn,
      resourceType: 'Custom::StorefrontPages',
      properties: { App: this.website.publishedApp },
    });
    storefrontPages.node.addDependency(content);

    new CfnOutput(this, 'WebUrl', { value: this.website.url });
    new CfnOutput(this, 'ApiUrl', { value: this.api.url });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'MediaBucketName', { value: this.media.bucket.bucketName });
    new CfnOutput(this, 'ChatModelId', { value: props.chatModelId ?? DEFAULT_CHAT_MODEL_ID });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'EventBusName', { value: this.events.bus.eventBusName });
    new CfnOutput(this, 'StripeSecretArn', { value: stripeSecret.secretArn });
    new CfnOutput(this, 'StripeWebhookUrl', { value: `${this.api.url}/webhooks/stripe` });
  }
}
