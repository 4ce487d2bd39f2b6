/** A Converse request checked as Bedrock checks it, where the checks are cheap to make here. */
import { BedrockError } from './errors';
import { isObject, type ConverseRequestBody, type WireMessage } from './wire';

/** The tool names of `toolConfig`, or undefined when the request has none. */
export function offeredTools(body: ConverseRequestBody): string[] | undefined {
  if (!isObject(body.toolConfig)) return undefined;
  const tools = Array.isArray(body.toolConfig.tools) ? body.toolConfig.tools : [];
  return tools.flatMap((tool) =>
    isObject(tool) && isObject(tool.toolSpec) && typeof tool.toolSpec.name === 'string' ? [tool.toolSpec.name] : [],
  );
}

/**
 * The request's conversation, or a ValidationException with the message Bedrock gives for the
 * same mistake: roles, alternation, empty content, tool uses of unknown tools, tool results that
 * answer no tool use of the message before, tool uses left unanswered.
 */
export function validateConverse(body: ConverseRequestBody): WireMessage[] {
  const invalid = (message: string) => new BedrockError('ValidationException', message);
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    throw invalid(
      "1 validation error detected: Value at 'messages' failed to satisfy constraint: Member must have length greater than or equal to 1",
    );
  }
  const messages = body.messages as unknown[];
  const tools = offeredTools(body);
  if (tools && !tools.length) {
    throw invalid(
      "1 validation error detected: Value '[]' at 'toolConfig.tools' failed to satisfy constraint: Member must have length greater than or equal to 1",
    );
  }
  if (tools) {
    const bad = tools.find((name) => !/^[a-zA-Z0-9_-]{1,64}$/.test(name));
    if (bad !== undefined) {
      throw invalid(
        `1 validation error detected: Value '${bad}' at 'toolConfig.tools.member.toolSpec.name' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+`,
      );
    }
  }
  const inference = isObject(body.inferenceConfig) ? body.inferenceConfig : {};
  if (
    inference.maxTokens !== undefined &&
    (!Number.isInteger(inference.maxTokens) || (inference.maxTokens as number) < 1)
  ) {
    throw invalid(
      "1 validation error detected: Value at 'inferenceConfig.maxTokens' failed to satisfy constraint: Member must have value greater than or equal to 1",
    );
  }
  if (typeof inference.maxTokens === 'number' && inference.maxTokens > 8192) {
    throw invalid(
      'The maximum tokens you requested exceeds the model limit of 8192. Try again with a maximum tokens value that is lower than 8192.',
    );
  }
  for (const name of ['temperature', 'topP'] as const) {
    const value = inference[name];
    if (value !== undefined && (typeof value !== 'number' || value < 0 || value > 1)) {
      throw invalid(
        `1 validation error detected: Value at 'inferenceConfig.${name}' failed to satisfy constraint: Member must have value less than or equal to 1`,
      );
    }
  }

  messages.forEach((message, index) => {
    if (!isObject(message) || (message.role !== 'user' && message.role !== 'assistant')) {
      const role = isObject(message) ? String(message.role) : 'null';
      throw invalid(
        `1 validation error detected: Value '${role}' at 'messages.${index + 1}.member.role' failed to satisfy constraint: Member must satisfy enum value set: [user, assistant]`,
      );
    }
    if (!Array.isArray(message.content) || message.content.length === 0) {
      throw invalid(
        `The content field in the Message object at messages.${index} is empty. Add a ContentBlock object to the content field and try again.`,
      );
    }
    if (!message.content.every(isObject)) {
      throw invalid(
        `The content field in the Message object at messages.${index} holds a block that is not an object.`,
      );
    }
  });
  const conversation = messages as WireMessage[];
  if (conversation[0]?.role !== 'user') {
    throw invalid(
      'A conversation must start with a user message. Try again with a conversation that starts with a user message.',
    );
  }
  conversation.forEach((message, index) => {
    const previous = conversation[index - 1];
    if (previous && previous.role === message.role) {
      throw invalid(
        'A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.',
      );
    }
    const uses = message.content.flatMap((block) => (block.toolUse ? [block.toolUse] : []));
    const results = message.content.flatMap((block) => (block.toolResult ? [block.toolResult] : []));
    if ((uses.length || results.length) && !tools) {
      throw invalid('The toolConfig field must be defined when using toolUse and toolResult content blocks.');
    }
    if (message.role === 'user' && uses.length) {
      throw invalid(`messages.${index}.content: toolUse blocks are only allowed in assistant messages.`);
    }
    if (message.role === 'assistant' && results.length) {
      throw invalid(`messages.${index}.content: toolResult blocks are only allowed in user messages.`);
    }
    message.content.forEach((block, at) => {
      if (block.toolUse) {
        const { toolUseId, name } = block.toolUse;
        if (typeof toolUseId !== 'string' || !/^[a-zA-Z0-9_.:-]{1,64}$/.test(toolUseId)) {
          throw invalid(
            `1 validation error detected: Value at 'messages.${index + 1}.member.content.${at + 1}.member.toolUse.toolUseId' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.:-]+`,
          );
        }
        if (!tools?.includes(name)) {
          throw invalid(
            `messages.${index}.content.${at}.toolUse.name: the tool ${String(name)} is not defined in toolConfig. Each toolUse must name a tool of toolConfig.tools.`,
          );
        }
      }
      if (block.toolResult) {
        const { toolUseId, content, status } = block.toolResult;
        const asked =
          previous?.role === 'assistant' ? previous.content.flatMap((b) => (b.toolUse ? [b.toolUse] : [])) : [];
        if (results.length > asked.length) {
          throw invalid(
            `The number of toolResult blocks at messages.${index}.content exceeds the number of toolUse blocks of previous turn.`,
          );
        }
        if (!asked.some((use) => use.toolUseId === toolUseId)) {
          throw invalid(
            `messages.${index}.content.${at}: unexpected toolUseId found in toolResult blocks: ${String(toolUseId)}. Each toolResult block must have a corresponding toolUse block in the previous message.`,
          );
        }
        if (status === 'error' && (!Array.isArray(content) || content.length === 0)) {
          throw invalid(
            `The content field at messages.${index}.content.${at}.toolResult cannot be empty when status value is error.`,
          );
        }
      }
    });
    // Every tool use of the assistant's message before must be answered in this one.
    if (message.role === 'user' && previous) {
      const answered = new Set(results.map((result) => result.toolUseId));
      const missing = previous.content
        .flatMap((block) => (block.toolUse ? [block.toolUse.toolUseId] : []))
        .filter((id) => !answered.has(id));
      if (missing.length) {
        throw invalid(
          `Expected toolResult blocks at messages.${index}.content for the following Ids: ${missing.join(', ')}`,
        );
      }
    }
  });
  return conversation;
}
