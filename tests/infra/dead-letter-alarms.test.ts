/**
 * Every rule's dead-letter queue has an alarm that goes off at the first message and notifies
 * the operators' topic. Synthesized without bundling the functions (the CDK's
 * `aws:cdk:bundling-stacks` context), because only the queues and alarms matter here.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { rules } from '../../functions/rules';
import { topicSubscribers } from '../../functions/topics';
import { ShopStack } from '../../infra/cdk/shop-stack';
import { temporaryWebBuild, unbundledApp } from './fixtures/cdk';

type Resource = { Type: string; Properties?: Record<string, unknown> };

const webBuild = temporaryWebBuild();
let stack: ShopStack;
let template: Template;

beforeAll(() => {
  const app = unbundledApp();
  stack = new ShopStack(app, 'linea-test', { stage: 'test', fromEmail: 'shop@linea.example', webAssetDir: webBuild() });
  template = Template.fromStack(stack);
});

const logicalId = (construct: Parameters<typeof stack.getLogicalId>[0]): string => stack.getLogicalId(construct);

describe('dead-letter alarms', () => {
  it('gives each rule and topic subscriber one alarm on its own dead-letter queue, at the first visible message', () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>);
    for (const rule of [...rules, ...topicSubscribers]) {
      const queueId = logicalId(stack.events.deadLetterQueues[rule.name]!.node.defaultChild as never);
      const onQueue = alarms.filter((alarm) =>
        JSON.stringify(alarm.Properties?.Dimensions ?? []).includes(`"${queueId}"`),
      );
      expect(onQueue, rule.name).toHaveLength(1);
      expect(onQueue[0]?.Properties).toMatchObject({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Statistic: 'Maximum',
        Period: 60,
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
        EvaluationPeriods: 1,
        TreatMissingData: 'notBreaching',
      });
    }
  });

  it('notifies the operators topic from every alarm, and the topic takes only TLS', () => {
    const topicId = logicalId(stack.events.alarmTopic.node.defaultChild as never);
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>);
    const deadLetterAlarms = alarms.filter(
      (alarm) => (alarm.Properties?.MetricName as string) === 'ApproximateNumberOfMessagesVisible',
    );
    expect(deadLetterAlarms).toHaveLength(rules.length + topicSubscribers.length);
    for (const alarm of deadLetterAlarms) expect(alarm.Properties?.AlarmActions).toEqual([{ Ref: topicId }]);
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });
});
