/**
 * One client per service module, built once per cold start, so a function bundles only the SDK
 * clients it imports. Endpoints come from the SDK's own AWS_ENDPOINT_URL_<SERVICE> variables,
 * which is all the local stand-ins need.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CLIENT_TIME_BUDGETS, clientOptions } from './time-budget';

/**
 * Within its time budget one call gives up in about 2 x (1 + 2.5) s, and the handler answers a
 * typed 503 instead of holding the request until the function's own timeout. A new connection is
 * made for the next call, so the function serves again as soon as the table answers.
 */
export const ddb = DynamoDBDocumentClient.from(new DynamoDBClient(clientOptions(CLIENT_TIME_BUDGETS.dynamodb)), {
  marshallOptions: { removeUndefinedValues: true },
});
