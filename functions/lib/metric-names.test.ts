import { describe, expect, it } from 'vitest';
import { deadLetterEmfLine } from './metric-names';

describe('deadLetterEmfLine', () => {
  it('is an EMF line CloudWatch reads as one DeadLetters count in the Linea namespace', () => {
    const line = JSON.parse(deadLetterEmfLine('local', 'OrderConfirmation', new Date(0))) as Record<string, unknown>;
    expect(line).toEqual({
      _aws: {
        Timestamp: 0,
        CloudWatchMetrics: [
          { Namespace: 'Linea', Dimensions: [['service', 'stage']], Metrics: [{ Name: 'DeadLetters', Unit: 'Count' }] },
        ],
      },
      service: 'shop',
      stage: 'local',
      rule: 'OrderConfirmation',
      DeadLetters: 1,
    });
  });
});
