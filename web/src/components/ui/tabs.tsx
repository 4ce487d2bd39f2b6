import type { ComponentProps } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';

/**
 * Radix Tabs with the design's look: arrow keys move between tabs, the panel follows, and the
 * tablist needs an accessible name (pass `aria-label` to TabsList).
 */
const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

export function Tabs({ className, ...props }: ComponentProps<typeof RadixTabs.Root>) {
  return <RadixTabs.Root className={join('tabs', className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={join('tab-list', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={join('tab', className)} {...props} />;
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={join('tab-panel', className)} {...props} />;
}
