/**
 * Payments the hosted page's "Pay later" buttons started: they succeed or fail after a delay, as
 * a bank transfer would, and the session's async-payment event follows.
 */
import type { StandInContext } from './context';
import type { Emit } from './events';
import type { AsyncPayment } from './state';

export interface AsyncPayments {
  /** Starts the payment of a completed session; its outcome comes after the configured delay. */
  begin(sessionId: string, outcome: AsyncPayment['outcome']): void;
  /** Schedules the payments still pending from the last run (the state file). */
  resume(): void;
  /** No payment settles any more. */
  stop(): void;
}

export function asyncPayments(
  standIn: StandInContext,
  options: { readonly delayMs: number; readonly emit: Emit; readonly checkIdle: () => void },
): AsyncPayments {
  const { store, touch } = standIn;
  const { emit, checkIdle } = options;
  const asyncTimers = new Map<string, NodeJS.Timeout>();
  let closing = false;

  const settleAsync = (payment: AsyncPayment): void => {
    asyncTimers.delete(payment.sessionId);
    store.asyncPayments = store.asyncPayments.filter((pending) => pending !== payment);
    const record = store.sessions.get(payment.sessionId);
    if (record && record.session.status === 'complete' && record.session.payment_status === 'unpaid') {
      if (payment.outcome === 'succeeded') {
        record.session.payment_status = 'paid';
        emit('checkout.session.async_payment_succeeded', record, null);
      } else {
        emit('checkout.session.async_payment_failed', record, null);
      }
    }
    touch();
    checkIdle();
  };

  const scheduleAsync = (payment: AsyncPayment): void => {
    if (closing) return;
    asyncTimers.set(
      payment.sessionId,
      setTimeout(() => settleAsync(payment), Math.max(0, payment.dueAt - Date.now())),
    );
  };

  return {
    begin: (sessionId, outcome) => {
      const payment: AsyncPayment = { sessionId, outcome, dueAt: Date.now() + options.delayMs };
      store.asyncPayments.push(payment);
      scheduleAsync(payment);
    },
    resume: () => {
      for (const payment of store.asyncPayments) scheduleAsync(payment);
    },
    stop: () => {
      closing = true;
      for (const timer of asyncTimers.values()) clearTimeout(timer);
      asyncTimers.clear();
    },
  };
}
