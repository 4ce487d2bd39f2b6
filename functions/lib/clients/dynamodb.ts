/**
 * One client per service module, built once per cold start, so a function bundles only the SDK
 * clients it imports. Endpoints come from the SDK's own AWS_ENDPOINT_URL_<SERVICE> variables,
 * which is all the local stand-ins need.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * DynamoDB answers in milliseconds; the SDK's defaults (no request timeout, 3 attempts) would
 * let an unreachable table hold a request until the function's 10 s timeout, which the client
 * sees as a bare 5xx from API Gateway. With these, one call gives up within about 2 x (1 + 2.5) s,
 * and the handler answers a typed 503 (functions/lib/http.ts). A new connection is made for the
 * next call, so the function serves again as soon as the table answers.
 */
export const DYNAMODB_CLIENT_BUDGET = {
  maxAttempts: 2,
  connectionTimeoutMs: 1_000,
  requestTimeoutMs: 2_500,
} as const;

export const ddb = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    maxAttempts: DYNAMODB_CLIENT_BUDGET.maxAttempts,
    requestHandler: {
      connectionTimeout: DYNAMODB_CLIENT_BUDGET.connectionTimeoutMs,
      requestTimeout: DYNAMODB_CLIENT_BUDGET.requestTimeoutMs,
      // Without it this version of the handler only logs a warning when the timeout passes.
      throwOnRequestTimeout: true,
    },
  }),
  { marshallOptions: { removeUndefinedValues: true } },
);
