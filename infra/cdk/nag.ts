import { Stack, Validations } from 'aws-cdk-lib';
import type { PolicyDocument } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';

/**
 * Accepts one finding of cdk-nag's AwsSolutions pack on a construct and everything under it
 * (tests/infra/cdk-nag.test.ts runs the pack). `rule` is the pack's rule id without its prefix:
 * `SMG4`, or for rules that report one finding per policy or wildcard the exact finding,
 * `IAM4[Policy::…]` or `IAM5[Resource::…]` (see managedPolicy() and wildcard()), so accepting one
 * wildcard never accepts another. Acknowledgements are aws-cdk-lib's own: nothing here needs
 * cdk-nag at synth or deploy.
 */
export function acceptNag(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-${rule}`, reason });
}

/** IAM5's finding for a wildcard action, e.g. `s3:GetObject*` from a bucket's grantRead(). */
export const wildcardAction = (action: string): string => `IAM5[Action::${action}]`;

/**
 * IAM5's finding for a wildcard resource. cdk-nag writes the statement's resource as the template
 * has it, references flattened (`<DataTable1234.Arn>/index/*`, `arn:<AWS::Partition>:…`), so the
 * finding names this stack's logical ids and no other resource's.
 */
export function wildcardResource(scope: IConstruct, arn: string): string {
  return `IAM5[Resource::${flatten(Stack.of(scope).resolve(arn))}]`;
}

/** IAM4's finding for an AWS managed policy, e.g. `service-role/AWSLambdaBasicExecutionRole`. */
export const managedPolicy = (name: string): string => `IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${name}]`;

/** cdk-nag's rendering of a resolved CloudFormation value (its flattenCfnReference). */
function flatten(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (typeof value === 'object' && value !== null) {
    const node = value as Record<string, unknown>;
    if (Array.isArray(node['Fn::Join'])) {
      const [delimiter, items] = node['Fn::Join'] as [string, unknown[]];
      return items.map(flatten).join(delimiter);
    }
    if (node['Fn::Sub'] !== undefined) return flatten(node['Fn::Sub']);
    if (Array.isArray(node['Fn::GetAtt'])) {
      const [resource, attribute] = node['Fn::GetAtt'] as [unknown, unknown];
      return `<${flatten(resource)}.${flatten(attribute)}>`;
    }
    if (node['Fn::ImportValue'] !== undefined) return flatten(node['Fn::ImportValue']);
    if (node.Ref !== undefined) return `<${flatten(node.Ref)}>`;
  }
  return JSON.stringify(value);
}

/** Every IAM5 finding of a policy: its wildcard actions and resources, as cdk-nag names them. */
export function policyWildcards(scope: IConstruct, document: PolicyDocument): string[] {
  const resolved = Stack.of(scope).resolve(document) as {
    Statement?: { Effect: string; Action?: string | string[]; Resource?: unknown }[];
  };
  const findings = new Set<string>();
  for (const statement of resolved.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of [statement.Action ?? []].flat()) {
      if (action.includes('*')) findings.add(wildcardAction(action));
    }
    for (const resource of [statement.Resource ?? []].flat()) {
      const flat = flatten(resource);
      if (flat.includes('*')) findings.add(`IAM5[Resource::${flat}]`);
    }
  }
  return [...findings];
}
