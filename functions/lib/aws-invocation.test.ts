import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { awsInvocation } from './aws-invocation';
import { logger } from './logger';

let lines: Record<string, unknown>[] = [];
beforeEach(() => {
  lines = [];
  for (const method of ['log', 'info', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation((line: unknown) => void lines.push(JSON.parse(String(line))));
  }
});
afterEach(() => vi.restoreAllMocks());

const context = { awsRequestId: 'c0ffee00-1111-2222-3333-444455556666', functionName: 'linea-CustomEmailSender' };

describe('an invocation AWS makes for its own reasons', () => {
  it("logs under Lambda's request id and function name", async () => {
    const handler = awsInvocation(async (event: { n: number }) => {
      logger.info('handled', { n: event.n });
      return event.n + 1;
    });

    await expect(handler({ n: 1 }, context)).resolves.toBe(2);

    expect(lines).toEqual([
      expect.objectContaining({
        message: 'handled',
        correlation_id: context.awsRequestId,
        function_name: context.functionName,
      }),
    ]);
  });

  it('throws on an error whose text names no address', async () => {
    const handler = awsInvocation(async () => {
      throw new Error('MessageRejected: Email address is not verified: anna.muster@example.ch');
    });

    const thrown = (await handler({}, context).catch((err: unknown) => err)) as Error;

    expect(thrown.message).toBe('MessageRejected: Email address is not verified: a***@example.ch');
    expect(thrown.stack).not.toContain('anna.muster');
  });
});
