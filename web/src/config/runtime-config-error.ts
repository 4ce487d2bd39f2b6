import { RUNTIME_CONFIG_ELEMENT_ID } from '@linea/shared/contracts/runtime-config';

/** Where the config is, for messages: the element's id is shared with the hosts that write it. */
export const RUNTIME_CONFIG_SOURCE = `<script id="${RUNTIME_CONFIG_ELEMENT_ID}">`;

/** Why the app cannot start; `issues` are for the operator and listed on the error screen. */
export class RuntimeConfigError extends Error {
  constructor(
    message: string,
    readonly issues: readonly string[] = [],
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'RuntimeConfigError';
  }
}
