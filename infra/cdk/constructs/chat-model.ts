import { Stack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

/** The shop assistant's Bedrock model, and exactly the resources invoking it touches. */
export interface ChatModel {
  readonly modelId: string;
  /** ARNs that bedrock:InvokeModel must allow for this model id and nothing else. */
  readonly resourceArns: readonly string[];
}

/** Geography prefixes of Bedrock's cross-region inference profiles (`eu.anthropic.…`). */
const PROFILE_PREFIX = /^(eu|us|apac|us-gov|global)\.(.+)$/;

/**
 * A foundation model is one ARN in the stack's region. An inference profile routes to the same
 * model in several regions of its geography, so the grant names the profile and that one model
 * in any region, as Bedrock's own guidance for profiles asks.
 */
export function chatModel(scope: Construct, modelId: string): ChatModel {
  const stack = Stack.of(scope);
  const profile = PROFILE_PREFIX.exec(modelId);
  if (!profile) {
    return { modelId, resourceArns: [`arn:${stack.partition}:bedrock:${stack.region}::foundation-model/${modelId}`] };
  }
  return {
    modelId,
    resourceArns: [
      `arn:${stack.partition}:bedrock:${stack.region}:${stack.account}:inference-profile/${modelId}`,
      `arn:${stack.partition}:bedrock:*::foundation-model/${profile[2]}`,
    ],
  };
}
