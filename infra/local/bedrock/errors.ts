/** Bedrock Runtime's errors as the SDK deserialises them (`x-amzn-errortype`), with Bedrock's statuses. */
export const BEDROCK_ERRORS = {
  ValidationException: { status: 400, message: 'Malformed input request, please reformat your input and try again.' },
  AccessDeniedException: { status: 403, message: "You don't have access to the model with the specified model ID." },
  ResourceNotFoundException: { status: 404, message: 'The requested resource could not be found.' },
  ModelTimeoutException: {
    status: 408,
    message: 'Model has timed out in processing the request. Try your request again.',
  },
  ThrottlingException: { status: 429, message: 'Too many requests, please wait before trying again.' },
  ServiceQuotaExceededException: { status: 400, message: 'Your request exceeds the service quota for your account.' },
  InternalServerException: {
    status: 500,
    message: 'The system encountered an unexpected error during processing. Try your request again.',
  },
  ServiceUnavailableException: { status: 503, message: 'Bedrock is unable to process your request.' },
} as const satisfies Record<string, { status: number; message: string }>;
export type BedrockErrorType = keyof typeof BEDROCK_ERRORS;

export class BedrockError extends Error {
  constructor(
    readonly type: BedrockErrorType,
    message: string = BEDROCK_ERRORS[type].message,
  ) {
    super(message);
  }
}

/** The namespace of `x-amzn-errortype`, as Bedrock sends it. */
export const ERROR_NAMESPACE = 'http://internal.amazon.com/coral/com.amazon.bedrock/';
