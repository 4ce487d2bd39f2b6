/**
 * The alarms that tell the owner the shop is unwell, and its dashboard (infra/cdk/constructs/
 * operations.ts). Synthesized without bundling the functions: only the alarms matter here.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { rules } from '../../functions/rules';
import { METRIC_NAMES, METRICS_NAMESPACE } from '../../functions/lib/metric-names';
import { topicSubscribers } from '../../functions/topics';
import { API_SERVER_ERROR_PERCENT, WATCHED_LATENCY } from '../../infra/cdk/constructs/operations';
import { ShopStack, type ShopStackProps } from '../../infra/cdk/shop-stack';
import { temporaryWebBuild, unbundledApp } from './fixtures/cdk';

type Resource = { Type: string; Properties?: Record<string, unknown> };

const webBuild = temporaryWebBuild();

function synth(props: Partial<ShopStackProps> = {}): { stack: ShopStack; template: Template } {
  const app = unbundledApp();
  const stack = new ShopStack(app, 'linea-test', {
    stage: 'test',
    fromEmail: 'shop@linea.example',
    webAssetDir: webBuild(),
    ...props,
  });
  return { stack, template: Template.fromStack(stack) };
}

const alarmsOf = (template: Template) =>
  Object.entries(template.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>);

describe('operations', () => {
  it("alarms when more than 1% of the API's answers are 5xx, counting only periods with enough requests", () => {
    const { stack, template } = synth();
    const apiId = stack.getLogicalId(stack.api.httpApi.node.defaultChild as never);
    const [, alarm] = alarmsOf(template).find(([id]) => id.includes('ApiServerErrors')) ?? [];
    expect(alarm?.Properties).toMatchObject({
      Threshold: API_SERVER_ERROR_PERCENT,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 3,
      DatapointsToAlarm: 2,
      TreatMissingData: 'notBreaching',
    });
    const metrics = JSON.stringify(alarm?.Properties?.Metrics);
    expect(metrics).toContain('100 * errors / requests');
    expect(metrics).toContain('"MetricName":"5xx"');
    expect(metrics).toContain('"MetricName":"Count"');
    expect(metrics).toContain(`"Ref":"${apiId}"`);
  });

  it('alarms on Lambda errors and throttles', () => {
    const { template } = synth();
    const byMetric = (name: string) =>
      alarmsOf(template).filter(
        ([, alarm]) => alarm.Properties?.Namespace === 'AWS/Lambda' && alarm.Properties.MetricName === name,
      );
    expect(byMetric('Errors')).toHaveLength(1);
    expect(byMetric('Throttles')).toHaveLength(1);
    expect(byMetric('Throttles')[0]?.[1].Properties).toMatchObject({ Threshold: 1, Period: 300 });
  });

  it("alarms on the p99 latency of checkout and of the Stripe webhook, each on the route's own metric", () => {
    const { stack, template } = synth();
    const [stage] = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'));
    const settings = stage?.Properties?.RouteSettings as Record<string, { DetailedMetricsEnabled?: boolean }>;
    const apiId = { Ref: stack.getLogicalId(stack.api.httpApi.node.defaultChild as never) };
    for (const { routeKey, p99Ms } of Object.values(WATCHED_LATENCY)) {
      // Both routes share the checkout function: only the route's own metric tells them apart.
      expect(settings[routeKey]?.DetailedMetricsEnabled, routeKey).toBe(true);
      const [method, resource] = routeKey.split(' ');
      const onRoute = alarmsOf(template).filter(
        ([, alarm]) =>
          alarm.Properties?.Namespace === 'AWS/ApiGateway' &&
          alarm.Properties.MetricName === 'IntegrationLatency' &&
          JSON.stringify(alarm.Properties.Dimensions) ===
            JSON.stringify([
              { Name: 'ApiId', Value: apiId },
              { Name: 'Method', Value: method },
              { Name: 'Resource', Value: resource },
              { Name: 'Stage', Value: '$default' },
            ]),
      );
      expect(onRoute, routeKey).toHaveLength(1);
      expect(onRoute[0]?.[1].Properties).toMatchObject({ ExtendedStatistic: 'p99', Threshold: p99Ms });
    }
    // Only the watched routes pay for detailed metrics.
    const detailed = Object.entries(settings)
      .filter(([, setting]) => setting.DetailedMetricsEnabled)
      .map(([key]) => key);
    expect(detailed.sort()).toEqual(
      Object.values(WATCHED_LATENCY)
        .map((watched) => watched.routeKey)
        .sort(),
    );
  });

  it('alarms at the first question the shop assistant turns away for its spent token budget', () => {
    const { template } = synth();
    const onBudget = alarmsOf(template).filter(
      ([, alarm]) => alarm.Properties?.MetricName === METRIC_NAMES.chatTokenBudgetSpent,
    );
    expect(onBudget).toHaveLength(1);
    expect(onBudget[0]?.[1].Properties).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      Dimensions: expect.arrayContaining([
        { Name: 'service', Value: 'shop' },
        { Name: 'stage', Value: 'test' },
      ]),
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it("sends every alarm of the stack to the operators' topic", () => {
    const { stack, template } = synth();
    const topicId = stack.getLogicalId(stack.events.alarmTopic.node.defaultChild as never);
    const alarms = alarmsOf(template);
    expect(alarms.length).toBe(rules.length + topicSubscribers.length + 4 + Object.keys(WATCHED_LATENCY).length);
    for (const [id, alarm] of alarms) expect(alarm.Properties?.AlarmActions, id).toEqual([{ Ref: topicId }]);
  });

  it('subscribes the ops address given at deploy to the topic, and none without one', () => {
    // The feedback topic's Lambda subscription is the stack's own; only email ones are the operators'.
    expect(synth().template.findResources('AWS::SNS::Subscription', { Properties: { Protocol: 'email' } })).toEqual({});
    const { template } = synth({ opsEmail: 'ops@linea.example' });
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@linea.example' });
  });

  it('has one dashboard showing every alarm', () => {
    const { template } = synth();
    const dashboards = Object.values(template.findResources('AWS::CloudWatch::Dashboard') as Record<string, Resource>);
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]?.Properties?.DashboardBody);
    for (const [id] of alarmsOf(template)) expect(body, id).toContain(id);
  });

  it("charts the shop's own metrics and counts dead letters where EventBridge puts them", () => {
    const { stack, template } = synth();
    const dashboards = Object.values(template.findResources('AWS::CloudWatch::Dashboard') as Record<string, Resource>);
    const body = JSON.stringify(dashboards[0]?.Properties?.DashboardBody);
    for (const name of Object.values(METRIC_NAMES)) expect(body, name).toContain(name);
    expect(body).toContain(`\\"${METRICS_NAMESPACE}\\"`);
    expect(body).toContain('stage=\\\\\\"test\\\\\\"');
    // Every dead-letter queue (each rule's and each topic subscriber's) is in the one sum of messages sent to them.
    const queues = Object.values(stack.events.deadLetterQueues);
    expect(queues.length).toBe(rules.length + topicSubscribers.length);
    expect(body.match(/NumberOfMessagesSent/g)).toHaveLength(queues.length);
    expect(body).toContain(`SUM([${queues.map((_, index) => `q${index}`).join(',')}])`);
  });
});
