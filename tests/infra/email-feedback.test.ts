/**
 * SES's bounces and complaints in the cloud: every email goes out with one configuration set,
 * which suppresses such addresses account-wide and publishes the events to a topic whose
 * subscriber (functions/topics.ts) deactivates the subscriber, with a dead-letter queue and an
 * alarm as every rule's consumer has. Synthesized without bundling, as only the wiring matters.
 */
import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { topicSubscribers } from '../../functions/topics';
import { ShopStack } from '../../infra/cdk/shop-stack';
import { temporaryWebBuild, unbundledApp } from './fixtures/cdk';

type Resource = { Type: string; Properties?: Record<string, unknown> };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: Record<string, unknown> };

const webBuild = temporaryWebBuild();
let stack: ShopStack;
let template: Template;

beforeAll(() => {
  const app = unbundledApp();
  stack = new ShopStack(app, 'linea-test', { stage: 'test', fromEmail: 'shop@linea.example', webAssetDir: webBuild() });
  template = Template.fromStack(stack);
});

const logicalId = (construct: { node: { defaultChild?: unknown } }): string =>
  stack.getLogicalId(construct.node.defaultChild as CfnElement);
const resourcesOf = (type: string) => template.findResources(type) as Record<string, Resource>;
const consumer = (): IFunction => {
  const fn = stack.events.consumers.EmailFeedback;
  if (!fn) throw new Error('no EmailFeedback consumer');
  return fn;
};

function statementsOf(fn: IFunction): Statement[] {
  const roleId = logicalId(fn.role as never);
  return Object.values(resourcesOf('AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`))
    .flatMap((policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
}
const actionsOf = (statements: Statement[]): string[] => statements.flatMap((statement) => [statement.Action].flat());

describe('SES feedback', () => {
  it('sends with one configuration set that keeps bounced and complaining addresses on the suppression list', () => {
    template.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
    const configurationSet = { Ref: logicalId(stack.notifications.configurationSet) };
    const lambdas = resourcesOf('AWS::Lambda::Function');
    const functions = Object.values(lambdas).filter(
      (fn) => (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.STAGE,
    );
    // The API's area functions, the rules' consumers and the Cognito triggers.
    expect(functions.length).toBeGreaterThan(20);
    for (const fn of functions) {
      expect(
        (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables.SES_CONFIGURATION_SET,
      ).toEqual(configurationSet);
    }
  });

  it('publishes bounces and complaints, and nothing else, to a topic that takes only TLS and only this set', () => {
    const topicId = logicalId(stack.notifications.feedbackTopic);
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: logicalId(stack.notifications.configurationSet) },
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        SnsDestination: { TopicARN: { Ref: topicId } },
      },
    });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Action: 'sns:Publish',
            Principal: { Service: 'ses.amazonaws.com' },
            Condition: {
              StringEquals: Match.objectLike({
                'AWS:SourceArn': Match.objectLike({
                  'Fn::Join': ['', Match.arrayWith([{ Ref: logicalId(stack.notifications.configurationSet) }])],
                }),
              }),
            },
          }),
        ]),
      },
    });
  });

  it('subscribes each topic-table consumer, dead-lettering what SNS and Lambda cannot deliver to one alarmed queue', () => {
    expect(topicSubscribers.map((subscriber) => subscriber.name)).toEqual(['EmailFeedback']);
    const fnId = logicalId(consumer());
    const queue = stack.events.deadLetterQueues.EmailFeedback;
    if (!queue) throw new Error('no EmailFeedback dead-letter queue');
    const queueArn = { 'Fn::GetAtt': [logicalId(queue), 'Arn'] };
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: logicalId(stack.notifications.feedbackTopic) },
      Endpoint: { 'Fn::GetAtt': [fnId, 'Arn'] },
      RedrivePolicy: { deadLetterTargetArn: queueArn },
    });
    expect(resourcesOf('AWS::Lambda::Function')[fnId]?.Properties?.DeadLetterConfig).toEqual({ TargetArn: queueArn });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
      Principal: 'sns.amazonaws.com',
      SourceArn: { Ref: logicalId(stack.notifications.feedbackTopic) },
    });
    const alarm = stack.events.deadLetterAlarms.EmailFeedback;
    if (!alarm) throw new Error('no EmailFeedback alarm');
    expect(resourcesOf('AWS::CloudWatch::Alarm')[logicalId(alarm)]?.Properties).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(queue), 'QueueName'] } }],
      AlarmActions: [{ Ref: logicalId(stack.events.alarmTopic) }],
    });
  });

  it('lets the consumer update SUBSCRIBER# items and nothing else: no read, no scan, no email, no events', () => {
    const statements = statementsOf(consumer());
    const tableStatements = statements.filter(
      (statement) =>
        statement.Effect === 'Allow' && actionsOf([statement]).some((action) => action.startsWith('dynamodb:')),
    );
    expect(tableStatements).toEqual([
      {
        Effect: 'Allow',
        Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
        Resource: { 'Fn::GetAtt': [logicalId(stack.data.table), 'Arn'] },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SUBSCRIBER#*'] } },
      },
    ]);
    const actions = actionsOf(statements.filter((statement) => statement.Effect === 'Allow'));
    for (const denied of ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:Scan', 'ses:SendEmail', 'events:PutEvents']) {
      expect(actions).not.toContain(denied);
    }
    // Besides the table, only its own dead-letter queue.
    expect(actions.filter((action) => !action.startsWith('dynamodb:'))).toEqual(['sqs:SendMessage']);
  });

  it('lets every sender send with the configuration set, and only with it', () => {
    const sender = stack.events.consumers.NewsletterMail;
    if (!sender) throw new Error('no NewsletterMail consumer');
    const sesResources = statementsOf(sender)
      .filter((statement) => actionsOf([statement]).includes('ses:SendEmail'))
      .flatMap((statement) => [statement.Resource].flat())
      .map((resource) => JSON.stringify(stack.resolve(resource)));
    expect(sesResources.filter((resource) => resource.includes(':configuration-set/'))).toEqual([
      expect.stringContaining(`{"Ref":"${logicalId(stack.notifications.configurationSet)}"}`),
    ]);
  });
});
