import type { MouseEvent } from 'react';

/**
 * A click that opens the link in another tab or window: it leaves this page, and the chat
 * panel, as they are, so the panel stays open.
 */
export const opensElsewhere = (event: MouseEvent): boolean =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
