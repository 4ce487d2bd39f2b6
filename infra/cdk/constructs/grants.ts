import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { Effect, PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { PARTITION_PREFIX } from '../../../functions/data/keys';
import { Construct } from 'constructs';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { PAGES_PREFIX, TEMPLATE_KEY } from '@linea/web/server/page-routing';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { RoutePermissions, TableScope } from '../../../functions/routes';
import { MEDIA_IMAGE_PREFIX } from '@linea/shared/domain/product-image';
import { UPLOAD_PREFIX } from '@linea/shared/contracts/uploads';
import type { ChatModel } from './chat-model';
import type { IEmailSender } from './notifications';
import { acceptNag, wildcardAction, wildcardResource } from '../nag';

/** What the route and rule tables' permissions can grant on. */
export interface GrantTargets {
  readonly table: ITable;
  readonly bus: IEventBus;
  readonly emailSender: IEmailSender;
  /** The Stripe keys (JSON `{ secretKey, webhookSecret }`). */
  readonly stripeSecret: ISecret;
  /** The shop's user pool, for functions that delete its users. */
  readonly userPool?: IUserPool;
  /** Product photos: originals under uploads/, web-sized variants under media/images/. */
  readonly mediaBucket: IBucket;
  /** The shop assistant's model (API functions only). */
  readonly chatModel?: ChatModel;
  /** The storefront: its bucket (the published app, the prerendered pages) and its distribution. */
  readonly site?: { readonly bucket: IBucket; readonly distribution: IDistribution };
}

/** Item reads that name a partition key, so `dynamodb:LeadingKeys` is always set (no Scan). */
export const SCOPED_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
] as const;
/** Item writes; a transaction is authorized per item by these same actions. */
export const SCOPED_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;

/** A prefix as keys.ts writes one: text ending in `#`, with no IAM wildcard that would widen it. */
const SCOPE_PREFIX = /^[A-Z][A-Z_]*#$/;

/**
 * Item access on the table's own ARN (not its indexes: an index's partition is another key)
 * for partition keys that start with one of the prefixes. `ForAllValues` holds for every key a
 * batch or transaction names; it would also hold for a request naming none, which is why only
 * actions that always name a key (never Scan) are granted this way.
 */
export function grantTableScope(grantee: IGrantable, table: ITable, scope: TableScope): void {
  const lists = [
    { actions: SCOPED_READ_ACTIONS, prefixes: scope.read ?? [] },
    { actions: SCOPED_WRITE_ACTIONS, prefixes: scope.write ?? [] },
  ];
  if (lists.every((list) => list.prefixes.length === 0)) throw new Error('A table scope needs a read or write prefix');
  for (const { actions, prefixes } of lists) {
    if (prefixes.length === 0) continue;
    const invalid = prefixes.find((prefix) => !SCOPE_PREFIX.test(prefix));
    if (invalid !== undefined) throw new Error(`Table scope prefix "${invalid}" is not a keys.ts partition prefix`);
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...actions],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((prefix) => `${prefix}*`) } },
      }),
    );
  }
  if (scope.write?.length) denyRewritingTheAuditLog(grantee, table);
  // A table encrypted with a key of the stack's own needs that key too (grantReadData adds it likewise).
  if (table.encryptionKey) {
    if (scope.write?.length) table.encryptionKey.grantEncryptDecrypt(grantee);
    else table.encryptionKey.grantDecrypt(grantee);
  }
}

/**
 * The audit log is append-only for every function, whatever else it may write: IAM refuses to
 * update or delete an `AUDIT#` item (an explicit deny wins over any allow). Entries are created by
 * a conditional Put inside the change's own transaction (functions/data/audit.ts), which stays
 * allowed; a batch write could delete, so it is refused there too.
 */
const AUDIT_LOG_DENIED_ACTIONS = ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'] as const;

function denyRewritingTheAuditLog(grantee: IGrantable, table: ITable): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      effect: Effect.DENY,
      actions: [...AUDIT_LOG_DENIED_ACTIONS],
      resources: [table.tableArn],
      conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [`${PARTITION_PREFIX.audit}*`] } },
    }),
  );
}

/** Query on the table's indexes alone: no item reads, no scans, nothing on the table itself. */
function grantIndexQueries(grantee: IGrantable, table: ITable): void {
  const indexes = `${table.tableArn}/index/*`;
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({ actions: ['dynamodb:Query'], resources: [indexes] }),
  );
  if (table.encryptionKey) table.encryptionKey.grantDecrypt(grantee);
  if (Construct.isConstruct(grantee)) {
    acceptNag(
      grantee,
      wildcardResource(grantee, indexes),
      "Query on the shop's one table's indexes (GSI1, GSI2, GSI3: functions/data/README.md), for listings a key scope cannot name.",
    );
  }
}

/**
 * The wildcards of CDK's bucket grants (grantRead, grantPut, grantDelete): each action group
 * covers the variants of one operation (object versions, tags, ACL reads, multipart abort). Each
 * grant here names one key prefix, which acceptBucketGrant accepts along with the groups.
 */
const BUCKET_GRANT_WILDCARDS = {
  read: ['s3:GetObject*', 's3:GetBucket*', 's3:List*'],
  put: ['s3:Abort*'],
  delete: ['s3:DeleteObject*'],
} as const;

function acceptBucketGrant(
  grantee: IGrantable,
  bucket: IBucket,
  prefix: string,
  grants: readonly (keyof typeof BUCKET_GRANT_WILDCARDS)[],
  why: string,
): void {
  if (!Construct.isConstruct(grantee)) return;
  for (const action of grants.flatMap((grant) => BUCKET_GRANT_WILDCARDS[grant])) {
    acceptNag(grantee, wildcardAction(action), `CDK's bucket grant action group, on ${prefix}* only: ${why}`);
  }
  acceptNag(
    grantee,
    wildcardResource(grantee, bucket.arnForObjects(`${prefix}*`)),
    `Objects under ${prefix} only, whose keys the function cannot know in advance: ${why}`,
  );
}

/** Turns a table entry's declared permissions into grants, and nothing more. */
export function grantPermissions(grantee: IGrantable, permissions: RoutePermissions, targets: GrantTargets): void {
  if (permissions.table === 'read') targets.table.grantReadData(grantee);
  else if (permissions.table === 'readWrite') {
    targets.table.grantReadWriteData(grantee);
    denyRewritingTheAuditLog(grantee, targets.table);
  } else if (permissions.table) grantTableScope(grantee, targets.table, permissions.table);
  if ((permissions.table === 'read' || permissions.table === 'readWrite') && Construct.isConstruct(grantee)) {
    acceptNag(
      grantee,
      wildcardResource(grantee, `${targets.table.tableArn}/index/*`),
      "grantReadData and grantReadWriteData include the indexes of the shop's one table (GSI1, GSI2: " +
        'functions/data/README.md), which table-wide functions query; one that needs a few partitions gets a TableScope.',
    );
  }
  if (permissions.indexQueries) grantIndexQueries(grantee, targets.table);
  if (permissions.publishEvents) targets.bus.grantPutEventsTo(grantee);
  if (permissions.sendEmail) targets.emailSender.grantSendEmail(grantee);
  if (permissions.stripeSecret) targets.stripeSecret.grantRead(grantee);
  if (permissions.deleteUsers) {
    if (!targets.userPool) throw new Error('deleteUsers needs the user pool among the grant targets');
    targets.userPool.grant(grantee, 'cognito-idp:AdminDeleteUser');
  }
  // A presigned POST carries the signer's rights: the API function may put only into uploads/.
  if (permissions.media === 'upload') {
    targets.mediaBucket.grantPut(grantee, `${UPLOAD_PREFIX}*`);
    acceptBucketGrant(grantee, targets.mediaBucket, UPLOAD_PREFIX, ['put'], 'the admin uploads originals there.');
  }
  if (permissions.invokeChatModel) {
    if (!targets.chatModel) throw new Error('invokeChatModel needs the chat model among the grant targets');
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['bedrock:InvokeModel'], resources: [...targets.chatModel.resourceArns] }),
    );
    if (Construct.isConstruct(grantee)) {
      for (const arn of targets.chatModel.resourceArns.filter((candidate) => candidate.includes('*'))) {
        acceptNag(
          grantee,
          wildcardResource(grantee, arn),
          'One foundation model in any region: a cross-region inference profile routes to that model in any region of its geography (see chat-model.ts).',
        );
      }
    }
  }
  if (permissions.sitePages) {
    if (!targets.site) throw new Error('sitePages needs the site among the grant targets');
    if (permissions.sitePages === 'read') {
      targets.site.bucket.grantRead(grantee, `${PAGES_PREFIX}*`);
      acceptBucketGrant(grantee, targets.site.bucket, PAGES_PREFIX, ['read'], 'the prerendered pages it serves.');
    }
    if (permissions.sitePages === 'render') {
      targets.site.bucket.grantRead(grantee, TEMPLATE_KEY);
      targets.site.bucket.grantPut(grantee, `${PAGES_PREFIX}*`);
      targets.site.bucket.grantDelete(grantee, `${PAGES_PREFIX}*`);
      targets.site.distribution.grantCreateInvalidation(grantee);
      acceptBucketGrant(grantee, targets.site.bucket, PAGES_PREFIX, ['put', 'delete'], 'the pages it renders.');
      if (Construct.isConstruct(grantee)) {
        for (const action of BUCKET_GRANT_WILDCARDS.read) {
          acceptNag(grantee, wildcardAction(action), `CDK's bucket grant action group, on ${TEMPLATE_KEY} only.`);
        }
      }
    }
  }
  if (permissions.media === 'process') {
    targets.mediaBucket.grantRead(grantee, `${UPLOAD_PREFIX}*`);
    targets.mediaBucket.grantDelete(grantee, `${UPLOAD_PREFIX}*`);
    targets.mediaBucket.grantPut(grantee, `${MEDIA_IMAGE_PREFIX}*`);
    acceptBucketGrant(
      grantee,
      targets.mediaBucket,
      UPLOAD_PREFIX,
      ['read', 'delete'],
      'the originals it turns into variants, then deletes.',
    );
    acceptBucketGrant(grantee, targets.mediaBucket, MEDIA_IMAGE_PREFIX, ['put'], 'the web-sized variants it writes.');
  }
}

/**
 * What a function serving several routes may touch: the union of their permissions, with the
 * table's reads and writes each in one statement. A whole-table grant takes in the scopes it
 * covers; a scope another route does not need stays a scope (a function that reads the whole
 * table but writes one partition keeps that write's condition).
 */
export function unionOfPermissions(all: readonly RoutePermissions[]): { whole: RoutePermissions; scope?: TableScope } {
  const tables = all.map((permissions) => permissions.table);
  const wholeTable = tables.includes('readWrite') ? 'readWrite' : tables.includes('read') ? 'read' : undefined;
  const scopes = tables.filter((table): table is TableScope => typeof table === 'object');
  const union = (pick: (scope: TableScope) => readonly string[] | undefined) =>
    [...new Set(scopes.flatMap((scope) => pick(scope) ?? []))].sort();
  const read = wholeTable ? [] : union((scope) => scope.read);
  const write = wholeTable === 'readWrite' ? [] : union((scope) => scope.write);
  const one = <K extends keyof RoutePermissions>(key: K): RoutePermissions[K] | undefined => {
    const values = [...new Set(all.map((permissions) => permissions[key]).filter((value) => value !== undefined))];
    if (values.length > 1) throw new Error(`Routes of one function ask for different ${key}: ${values.join(', ')}`);
    return values[0];
  };
  const flag = (
    key: 'publishEvents' | 'sendEmail' | 'stripeSecret' | 'deleteUsers' | 'invokeChatModel' | 'indexQueries',
  ) => (all.some((permissions) => permissions[key]) ? { [key]: true } : {});
  const media = one('media');
  const sitePages = one('sitePages');
  return {
    whole: {
      ...(wholeTable ? { table: wholeTable } : {}),
      ...flag('publishEvents'),
      ...flag('sendEmail'),
      ...flag('stripeSecret'),
      ...flag('deleteUsers'),
      ...flag('invokeChatModel'),
      ...(wholeTable ? {} : flag('indexQueries')),
      ...(media ? { media } : {}),
      ...(sitePages ? { sitePages } : {}),
    },
    ...(read.length || write.length
      ? { scope: { ...(read.length ? { read } : {}), ...(write.length ? { write } : {}) } }
      : {}),
  };
}

/** Grants a function serving several routes what they need together (unionOfPermissions). */
export function grantUnionOfPermissions(
  grantee: IGrantable,
  all: readonly RoutePermissions[],
  targets: GrantTargets,
): void {
  const { whole, scope } = unionOfPermissions(all);
  grantPermissions(grantee, whole, targets);
  if (scope) grantTableScope(grantee, targets.table, scope);
}

/** `http/products/get-product` → `ProductsGetProduct`: a readable, stable construct id. */
export function idFromModule(module: string): string {
  return module
    .replace(/^(http|events|triggers|webhooks)\//, '')
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
