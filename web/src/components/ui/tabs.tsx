import type { ComponentProps, MouseEvent } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';

/**
 * Radix Tabs with the design's look: arrow keys move between tabs, the panel follows, and the
 * tablist needs an accessible name (pass `aria-label` to TabsList). Keyboard focus shows the
 * focus ring (:focus-visible); a pointer click does not.
 */
const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

export function Tabs({ className, ...props }: ComponentProps<typeof RadixTabs.Root>) {
  return <RadixTabs.Root className={join('tabs', className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={join('tab-list', className)} {...props} />;
}

/**
 * Radix focuses the trigger from script on mousedown, and browsers show a focus ring for a
 * scripted focus when nothing was focused before (the first click on a page). Focusing it here
 * first, as a pointer focus, leaves Radix's call nothing to do. `focusVisible` is not in
 * TypeScript's DOM types yet; browsers that ignore it keep their own heuristics.
 */
function focusWithoutRing(event: MouseEvent<HTMLButtonElement>) {
  if (event.button !== 0 || event.ctrlKey) return;
  event.currentTarget.focus({ preventScroll: true, focusVisible: false } as FocusOptions);
}

export function TabsTrigger({ className, onMouseDown, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={join('tab', className)}
      onMouseDown={(event) => {
        focusWithoutRing(event);
        onMouseDown?.(event);
      }}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={join('tab-panel', className)} {...props} />;
}
