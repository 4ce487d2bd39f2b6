/**
 * AWS clients, built once per cold start. Endpoints come from the SDK's own
 * AWS_ENDPOINT_URL_<SERVICE> variables, so the local stand-ins need no code path of their own.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SESClient } from '@aws-sdk/client-ses';

export const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});
export const eventBridge = new EventBridgeClient({});
export const ses = new SESClient({});
