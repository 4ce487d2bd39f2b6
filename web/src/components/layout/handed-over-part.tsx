import { createContext, Suspense, useContext, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * Tells when a page rendered on the server has been taken over whole. React hydrates the page up
 * to each HandedOverPart in one go, at once, and each part's content after, in slices (see
 * HandedOverPart): the first commit is not the end of it. What must wait for the whole page (a
 * change of language, what the shopper did meanwhile) waits for this instead.
 */
export interface HandOver {
  /** A part is on the page (its boundary committed); its content may not be yet. */
  partPlaced(): void;
  /** A part's content has been committed. */
  partHandedOver(): void;
  /** The page's first commit is done (the parts outside boundaries, and every boundary placed). */
  rootCommitted(): void;
}

export function createHandOver(onHandedOver: () => void): HandOver {
  let pending = 0;
  let committed = false;
  let finished = false;
  const check = (): void => {
    if (finished || !committed || pending > 0) return;
    finished = true;
    onHandedOver();
  };
  return {
    partPlaced: () => {
      if (!finished) pending += 1;
    },
    partHandedOver: () => {
      if (finished) return;
      pending -= 1;
      check();
    },
    rootCommitted: () => {
      committed = true;
      check();
    },
  };
}

export const HandOverContext = createContext<HandOver | null>(null);

/** Once per part, also where development's StrictMode runs effects twice. */
function useOnce(useAnyEffect: typeof useEffect, effect: (() => void) | undefined): void {
  const done = useRef(false);
  useAnyEffect(() => {
    if (done.current) return;
    done.current = true;
    effect?.();
  }, [effect]);
}

function HandedOverContent({ children }: { children: ReactNode }) {
  useOnce(useEffect, useContext(HandOverContext)?.partHandedOver);
  return children;
}

/**
 * A part of the frame that a prerendered page hands over on its own. React takes the page over
 * (hydrates it) in one go up to each boundary, and each boundary's content after, in slices that
 * let the browser answer input in between (a click in a part not yet taken over takes that part
 * over first). Nothing in these parts suspends, so the fallback is never shown.
 */
export function HandedOverPart({ children }: { children: ReactNode }) {
  // A layout effect: it runs in the first commit, before the app's own (passive) effect says
  // the root is committed, so the part is counted before the count is read.
  useOnce(useLayoutEffect, useContext(HandOverContext)?.partPlaced);
  return (
    <Suspense fallback={null}>
      <HandedOverContent>{children}</HandedOverContent>
    </Suspense>
  );
}
