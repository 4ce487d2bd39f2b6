/**
 * The table scope of grants.ts on a bare stack (no bundling): fast, and it covers the cases the
 * route table does not hold today (a bad prefix, an encrypted table).
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { describe, expect, it } from 'vitest';
import type { RoutePermissions } from '../../functions/routes';
import { grantPermissions, unionOfPermissions, type GrantTargets } from '../../infra/cdk/constructs/grants';

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };

function grant(permissions: RoutePermissions, options: { encrypted?: boolean } = {}) {
  const stack = new Stack(new App(), 'Grants');
  const table = new Table(stack, 'Table', {
    partitionKey: { name: 'PK', type: AttributeType.STRING },
    sortKey: { name: 'SK', type: AttributeType.STRING },
    ...(options.encrypted ? { encryption: TableEncryption.CUSTOMER_MANAGED } : {}),
  });
  const targets: GrantTargets = {
    table,
    bus: new EventBus(stack, 'Bus'),
    emailSender: { grantSendEmail: () => undefined } as unknown as GrantTargets['emailSender'],
    stripeSecret: new Secret(stack, 'Stripe'),
    mediaBucket: new Bucket(stack, 'Media'),
  };
  const role = new Role(stack, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
  grantPermissions(role, permissions, targets);
  const template = Template.fromStack(stack);
  const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
    (policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement,
  );
  return { statements, tableId: stack.getLogicalId(table.node.defaultChild as never) };
}

describe('grantPermissions with a table scope', () => {
  it('grants item writes on the table alone, for the declared partitions only', () => {
    const { statements, tableId } = grant({ table: { write: ['CONTACT#'] } });
    expect(statements.filter((statement) => (statement as { Effect?: string }).Effect === 'Allow')).toEqual([
      {
        Effect: 'Allow',
        Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
        Resource: { 'Fn::GetAtt': [tableId, 'Arn'] },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CONTACT#*'] } },
      },
    ]);
  });

  it('never grants a scan, which names no partition key and so would pass any ForAllValues condition', () => {
    const { statements } = grant({ table: { read: ['CUSTOMER#', 'PRODUCT#'], write: ['CUSTOMER#'] } });
    const actions = statements.flatMap((statement) => statement.Action);
    expect(actions).not.toContain('dynamodb:Scan');
    expect(statements.every((statement) => statement.Condition !== undefined)).toBe(true);
  });

  it.each([[''], ['*'], ['CUSTOMER'], ['CUSTOMER#*'], ['customer#'], ['CUSTOMER#?']])(
    'refuses %j as a prefix, which would widen the grant or match nothing keys.ts writes',
    (prefix) => {
      expect(() => grant({ table: { write: [prefix] } })).toThrow(/not a keys.ts partition prefix/);
    },
  );

  it('refuses a scope with no prefix at all rather than granting nothing silently', () => {
    expect(() => grant({ table: {} })).toThrow(/needs a read or write prefix/);
  });

  it('lets a scoped function use the key of a table encrypted with the stack’s own key', () => {
    const { statements } = grant({ table: { read: ['SUBSCRIBER#'] } }, { encrypted: true });
    const actions = statements.flatMap((statement) => statement.Action);
    expect(actions).toContain('kms:Decrypt');
    expect(actions).not.toContain('kms:Encrypt');
  });
});

describe('the union of the permissions of the routes one function serves', () => {
  it('merges the table scopes of its routes into one read and one write statement', () => {
    expect(
      unionOfPermissions([
        { table: { write: ['CONTACT#'] }, publishEvents: true },
        { table: { read: ['SUBSCRIBER#'], write: ['SUBSCRIBER#'] }, publishEvents: true },
        { table: { write: ['SUBSCRIBER#'] } },
      ]),
    ).toEqual({
      whole: { publishEvents: true },
      scope: { read: ['SUBSCRIBER#'], write: ['CONTACT#', 'SUBSCRIBER#'] },
    });
  });

  it('lets a whole-table grant take in the scopes it covers, and keeps a write scope beside a whole-table read', () => {
    expect(unionOfPermissions([{ table: 'read' }, { table: { read: ['CUSTOMER#'], write: ['CUSTOMER#'] } }])).toEqual({
      whole: { table: 'read' },
      scope: { write: ['CUSTOMER#'] },
    });
    expect(unionOfPermissions([{ table: 'readWrite' }, { table: { read: ['ORDER#'], write: ['ORDER#'] } }])).toEqual({
      whole: { table: 'readWrite' },
    });
  });

  it('carries every other grant any of its routes needs, and grants nothing none of them does', () => {
    expect(
      unionOfPermissions([{ stripeSecret: true }, { deleteUsers: true, table: 'readWrite' }, {}, { media: 'upload' }]),
    ).toEqual({ whole: { table: 'readWrite', stripeSecret: true, deleteUsers: true, media: 'upload' } });
    expect(unionOfPermissions([{}, {}])).toEqual({ whole: {} });
  });

  it('refuses routes that want different access to the same bucket in one function', () => {
    expect(() => unionOfPermissions([{ media: 'upload' }, { media: 'process' }])).toThrow(/different media/);
  });
});

describe('the audit log', () => {
  const denials = (permissions: RoutePermissions) =>
    grant(permissions).statements.filter((statement) => (statement as { Effect?: string }).Effect === 'Deny');

  it('is refused to any grant that may write to the table: no update, delete or batch write of AUDIT# items', () => {
    for (const permissions of [{ table: 'readWrite' }, { table: { write: ['ORDER#'] } }] satisfies RoutePermissions[]) {
      expect(denials(permissions)).toEqual([
        expect.objectContaining({
          Action: ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
          Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['AUDIT#*'] } },
        }),
      ]);
    }
  });

  it('needs no refusal where nothing may be written', () => {
    expect(denials({ table: 'read' })).toEqual([]);
    expect(denials({ table: { read: ['PRODUCT#'] } })).toEqual([]);
  });
});
