import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../../functions/data/table';

export interface DataProps {
  /**
   * What happens to the table when it leaves the stack (stack deleted, or its construct id
   * changed). Orders, accounts' data and the audit trail live here, so keep it unless a stage
   * is explicitly throw-away.
   *
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
}

/** The one DynamoDB table, built from functions/data/table.ts alone. */
export class Data extends Construct {
  readonly table: ITable;

  constructor(scope: Construct, id: string, props: DataProps = {}) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;

    const table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      // A retained table should not be deletable by a stray console click either.
      deletionProtection: removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy,
    });
    for (const index of TABLE_INDEXES) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        // Indexes are overloaded across entities and read whole items, so every
        // attribute must be there.
        projectionType: ProjectionType.ALL,
      });
    }
    this.table = table;
  }
}
