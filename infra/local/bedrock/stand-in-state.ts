import type { Fault } from './faults';

/** How many Converse request bodies GET /_stand-in/requests keeps. */
export const RECORDED_REQUESTS = 50;

export interface RecordedRequest {
  readonly at: string;
  readonly modelId: string;
  readonly body: unknown;
}

/** What the Converse and control endpoints of one stand-in share. */
export interface StandInState {
  /** The one model id served. */
  readonly served: string;
  /** The armed faults; the first plays first. */
  readonly faults: Fault[];
  /** The last Converse requests, oldest first. */
  readonly recorded: RecordedRequest[];
  readonly log: (line: string) => void;
}
