/**
 * "Wait until nothing is pending" for the in-process stand-ins (bus, Stripe): `whenIdle`
 * resolves true once `isIdle()` holds after a `check()`, false when the timeout passes first.
 */
export function idleWaiter(isIdle: () => boolean) {
  let waiters: Array<() => void> = [];
  return {
    /** Call after anything that may have made the stand-in idle. */
    check(): void {
      if (waiters.length === 0 || !isIdle()) return;
      const woken = waiters;
      waiters = [];
      woken.forEach((wake) => wake());
    },
    whenIdle(timeoutMs = 30_000): Promise<boolean> {
      if (isIdle()) return Promise.resolve(true);
      return new Promise((resolveIdle) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((wake) => wake !== onIdle);
          resolveIdle(false);
        }, timeoutMs);
        const onIdle = (): void => {
          clearTimeout(timer);
          resolveIdle(true);
        };
        waiters.push(onIdle);
      });
    },
  };
}
