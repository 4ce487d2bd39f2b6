import { useEffect, useState, type ComponentType } from 'react';

/** How long the browser may keep the widget waiting for an idle moment after the page has loaded. */
const IDLE_TIMEOUT_MS = 4_000;
/** Where there is no requestIdleCallback (Safari): this long after the load event. */
const FALLBACK_DELAY_MS = 1_500;

/**
 * Runs `callback` once the page has loaded and the browser is idle (or the timeout has passed),
 * so nothing of it competes with the page's own code, data and images. Returns a cancel.
 */
function whenIdleAfterLoad(callback: () => void): () => void {
  let idle: number | undefined;
  let timer: number | undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      idle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    } else {
      timer = window.setTimeout(callback, FALLBACK_DELAY_MS);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

/** The widget once its chunk has arrived: a later mount (e.g. back from the admin pages) shows it at once. */
let loadedWidget: ComponentType | undefined;

/**
 * The shop assistant, kept out of the first paint: the widget (button, panel, its texts and
 * styles) is a chunk of its own, fetched only after the page has loaded and gone idle. It is an
 * extra: if its chunk cannot be fetched (offline, a deploy replaced it), the page goes on
 * without it.
 */
export function LazyChatWidget() {
  const [Widget, setWidget] = useState(() => loadedWidget);
  useEffect(() => {
    if (Widget) return;
    let active = true;
    const cancel = whenIdleAfterLoad(() => {
      import('./chat-widget').then(
        (module) => {
          loadedWidget = module.ChatWidget;
          if (active) setWidget(() => module.ChatWidget);
        },
        (error: unknown) => console.error('The shop assistant could not be loaded', error),
      );
    });
    return () => {
      active = false;
      cancel();
    };
  }, [Widget]);
  return Widget ? <Widget /> : null;
}
