import { config } from './config';
import { countEmfLine } from './metric-names';

/**
 * Counts one of a shop metric for a function whose bundle has no room for Powertools Metrics
 * (~13 KiB; the shop assistant's is at its size budget with the Bedrock client): the same EMF
 * line, written the way Powertools writes it outside dev mode, straight to stdout, where the
 * Lambda runtime's console would have prefixed it and hidden it from CloudWatch's EMF parsing.
 */
export function recordCount(metric: string): void {
  process.stdout.write(`${countEmfLine(config().stage, metric)}\n`);
}
