import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { confirmationOrderQuery } from '../api/confirmation-order-query';

/** How often, and for how long, to ask again while the payment is still processing. */
export interface PollingOptions {
  /** @default 2000 */
  intervalMs?: number;
  /** @default 180000 (3 minutes); afterwards the shopper can check again by hand. */
  timeoutMs?: number;
}

const DEFAULT_INTERVAL_MS = 2_000;
const DEFAULT_TIMEOUT_MS = 3 * 60_000;

/**
 * The confirmation's order, re-fetched every couple of seconds while its status is `pending`
 * (an asynchronous payment method, or the payment webhook not processed yet), for a few minutes.
 */
export function useConfirmationOrder(orderId: string, { intervalMs, timeoutMs }: PollingOptions = {}) {
  const interval = intervalMs ?? DEFAULT_INTERVAL_MS;
  const timeout = timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const [pollingSince, setPollingSince] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);

  const query = useQuery({
    ...confirmationOrderQuery(orderId),
    enabled: orderId !== '',
    refetchInterval: (current) =>
      current.state.data?.status === 'pending' && Date.now() - pollingSince < timeout ? interval : false,
  });

  const pending = query.data?.status === 'pending';
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setTimedOut(true), Math.max(0, pollingSince + timeout - Date.now()));
    return () => clearTimeout(timer);
  }, [pending, pollingSince, timeout]);

  const checkAgain = () => {
    setTimedOut(false);
    setPollingSince(Date.now());
    void query.refetch();
  };

  return { query, pollingStopped: pending && timedOut, checkAgain };
}
