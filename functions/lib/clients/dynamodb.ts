/**
 * One client per service module, built once per cold start, so a function bundles only the SDK
 * clients it imports. Endpoints come from the SDK's own AWS_ENDPOINT_URL_<SERVICE> variables,
 * which is all the local stand-ins need.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});
