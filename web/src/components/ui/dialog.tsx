import type { ComponentProps, ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';

/**
 * Modal dialogs and side sheets on Radix Dialog: focus moves in and is trapped, Escape and the
 * overlay close, focus returns to what opened it, the page behind is inert and does not scroll.
 */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export type DialogVariant = 'modal' | 'sheet-start' | 'sheet-end';

export interface DialogContentProps extends Omit<ComponentProps<typeof RadixDialog.Content>, 'title'> {
  title: ReactNode;
  /** Names the close button (an icon). */
  closeLabel: string;
  description?: ReactNode;
  /** The title stays the dialog's accessible name but is not shown (e.g. a menu with a wordmark). */
  hideTitle?: boolean;
  /** Shown in the header row instead of the title, e.g. the wordmark in the mobile menu. */
  headerStart?: ReactNode;
  /** A centred modal, or a sheet sliding in from the start or end edge. @default 'modal' */
  variant?: DialogVariant;
}

export function DialogContent({
  title,
  closeLabel,
  description,
  hideTitle = false,
  headerStart,
  variant = 'modal',
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="dialog-overlay" />
      <RadixDialog.Content
        className={['dialog', `dialog-${variant}`, className].filter(Boolean).join(' ')}
        // Without a description, say so explicitly: Radix then neither points at nor warns about one.
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <div className="dialog-header">
          {headerStart}
          <RadixDialog.Title className={hideTitle ? 'visually-hidden' : 'dialog-title'}>{title}</RadixDialog.Title>
          <RadixDialog.Close className="dialog-close" aria-label={closeLabel}>
            <X aria-hidden="true" size={20} strokeWidth={1.5} />
          </RadixDialog.Close>
        </div>
        {description ? (
          <RadixDialog.Description className="dialog-description">{description}</RadixDialog.Description>
        ) : null}
        <div className="dialog-body">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
