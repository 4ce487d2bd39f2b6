import { useCallback, useEffect, useRef, useState } from 'react';

export interface ScrollHints {
  /** Content is hidden before the left edge. */
  start: boolean;
  /** Content is hidden past the right edge. */
  end: boolean;
}

/** Sub-pixel widths and zoom leave a pixel or so unscrolled at either end. */
const TOLERANCE_PX = 2;

function measure(element: HTMLElement): ScrollHints {
  const { scrollLeft, clientWidth, scrollWidth } = element;
  return {
    start: scrollLeft > TOLERANCE_PX,
    end: scrollLeft + clientWidth < scrollWidth - TOLERANCE_PX,
  };
}

/**
 * Which sides of a sideways-scrolling row hide content, kept current on scroll, on resize of the
 * row or of anything in it (fonts arriving, a language switch), and when `contentKey` changes.
 * Without ResizeObserver (jsdom) it follows window resizes only.
 */
export function useScrollHints<T extends HTMLElement>(contentKey: string) {
  const ref = useRef<T>(null);
  const [hints, setHints] = useState<ScrollHints>({ start: false, end: false });

  const update = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const next = measure(element);
    setHints((current) => (current.start === next.start && current.end === next.end ? current : next));
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    update();
    element.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    let observer: ResizeObserver | undefined;
    if (typeof ResizeObserver === 'function') {
      observer = new ResizeObserver(update);
      observer.observe(element);
      for (const child of element.children) observer.observe(child);
    }
    return () => {
      element.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, [contentKey, update]);

  return { ref, hints };
}

/**
 * Scrolls `scroller` sideways just enough to show `element` whole, clear of the edge hints (the
 * row's `scroll-padding-inline`). Only the row moves, never the page.
 */
export function revealInRow(scroller: HTMLElement, element: Element, behavior: ScrollBehavior): void {
  if (typeof scroller.scrollBy !== 'function') return;
  const inset = parseFloat(getComputedStyle(scroller).scrollPaddingInlineStart) || 0;
  const row = scroller.getBoundingClientRect();
  const box = element.getBoundingClientRect();
  if (box.left < row.left + inset) scroller.scrollBy({ left: box.left - row.left - inset, behavior });
  else if (box.right > row.right - inset) scroller.scrollBy({ left: box.right - row.right + inset, behavior });
}
