import { useRef, type KeyboardEvent, type PointerEvent, type ReactElement, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import './lightbox.css';

/** How far (px) a finger must travel sideways, and mostly sideways, to count as a swipe. */
export const SWIPE_DISTANCE = 40;

export interface LightboxImage {
  readonly src: string;
  /** Widths of the same image for the browser to choose from (drawn at the full viewport). */
  readonly srcSet?: string;
  readonly alt: string;
}

export interface LightboxProps {
  images: readonly LightboxImage[];
  /** The image shown, an index into `images`. */
  index: number;
  onIndexChange: (index: number) => void;
  /** The button that opens it; focus returns there when the lightbox closes. */
  trigger: ReactElement;
  /** Names the dialog, and is shown at its top. */
  title: ReactNode;
  /** Names the close button (an icon). */
  closeLabel: string;
  previousLabel: string;
  nextLabel: string;
  /** Where the shown image stands, e.g. "Image 2 of 3"; shown, and announced as it changes. */
  positionLabel: (index: number, count: number) => string;
  /** Controlled opening, as Radix Dialog's; uncontrolled (the trigger opens it) when left out. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * Images full screen, one at a time, as a modal dialog on Radix Dialog: focus moves in and is
 * trapped, Escape and the close button close it and return focus to the trigger, the page
 * behind is inert and does not scroll. The arrow keys (Home and End too), the previous and next
 * buttons and a sideways swipe move between the images, round from the last to the first.
 */
export function Lightbox({
  images,
  index,
  onIndexChange,
  trigger,
  title,
  closeLabel,
  previousLabel,
  nextLabel,
  positionLabel,
  open,
  onOpenChange,
}: LightboxProps) {
  const swipe = useRef<{ pointerId: number; x: number; y: number } | undefined>(undefined);
  const count = images.length;
  const shown = Math.min(Math.max(index, 0), Math.max(count - 1, 0));
  const image = images[shown];

  const show = (next: number) => {
    if (count > 1) onIndexChange((next + count) % count);
  };

  function handleKeyDown(event: KeyboardEvent) {
    const target = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: count - 1 }[event.key];
    if (target === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    show(target);
  }

  function handlePointerDown(event: PointerEvent) {
    if (event.isPrimary) swipe.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  }

  function handlePointerUp(event: PointerEvent) {
    const start = swipe.current;
    swipe.current = undefined;
    if (start?.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    // Mostly sideways: a vertical drag or a tap with a wobble is not a swipe.
    if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > 2 * Math.abs(dy)) show(dx < 0 ? shown + 1 : shown - 1);
  }

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="lightbox-overlay" />
        <RadixDialog.Content className="lightbox" aria-describedby={undefined} onKeyDown={handleKeyDown}>
          <div className="lightbox-header">
            <RadixDialog.Title className="lightbox-title">{title}</RadixDialog.Title>
            {count > 1 ? (
              <p className="lightbox-position" aria-live="polite">
                {positionLabel(shown, count)}
              </p>
            ) : null}
            <RadixDialog.Close className="lightbox-close" aria-label={closeLabel}>
              <X aria-hidden="true" size={22} strokeWidth={1.5} />
            </RadixDialog.Close>
          </div>
          <div
            className="lightbox-stage"
            onPointerDown={handlePointerDown}
            onPointerUp={handlePointerUp}
            onPointerCancel={() => (swipe.current = undefined)}
          >
            {image ? (
              <img
                className="lightbox-image"
                src={image.src}
                {...(image.srcSet ? { srcSet: image.srcSet, sizes: '100vw' } : {})}
                alt={image.alt}
                draggable={false}
                decoding="async"
              />
            ) : null}
            {count > 1 ? (
              <>
                <button
                  type="button"
                  className="lightbox-step lightbox-previous"
                  aria-label={previousLabel}
                  onClick={() => show(shown - 1)}
                >
                  <ChevronLeft aria-hidden="true" size={22} strokeWidth={1.5} />
                </button>
                <button
                  type="button"
                  className="lightbox-step lightbox-next"
                  aria-label={nextLabel}
                  onClick={() => show(shown + 1)}
                >
                  <ChevronRight aria-hidden="true" size={22} strokeWidth={1.5} />
                </button>
              </>
            ) : null}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
