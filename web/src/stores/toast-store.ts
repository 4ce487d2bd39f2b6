import { create } from 'zustand';

export type ToastVariant = 'success' | 'error' | 'info';

/**
 * One control beside the toast's text. It closes the toast when used. `to` makes it a link (a
 * path in the app, e.g. sign in and come back); `onAction` makes it a button (e.g. Undo).
 */
export type ToastAction = {
  label: string;
  /**
   * What a screen reader announces in place of the control, which it may not reach before the
   * toast is gone: another way to the same end (Radix Toast requires it).
   */
  altText: string;
} & ({ to: string; onAction?: never } | { onAction: () => void; to?: never });

export interface ToastOptions {
  description?: string;
  /**
   * The action the toast reports on, e.g. `'newsletter'` or `` `wishlist:${productId}` ``. A new
   * toast with the same key dismisses the action's earlier error toasts, which the new try has
   * overtaken: "Subscribed" takes the place of the "Subscription failed" before it, and a second
   * failure does not stack on the first. Earlier successes and notes stay.
   * @default - the toast stands alone
   */
  key?: string;
  action?: ToastAction;
  /**
   * How long it stays, in ms (paused while hovered or focused).
   * @default 5000, or 10000 with an action, so there is time to use it
   */
  duration?: number;
}

export interface ToastMessage extends ToastOptions {
  id: number;
  title: string;
  variant: ToastVariant;
}

export type ToastInput = Omit<ToastMessage, 'id'>;

interface ToastState {
  toasts: ToastMessage[];
  /** Shows a toast, first dismissing the earlier error toasts with its key; returns its id. */
  show: (toast: ToastInput) => number;
  dismiss: (id: number) => void;
  /** Dismisses every toast of an action, e.g. once the error it reported no longer holds. */
  dismissKey: (key: string) => void;
}

/** More would cover the page on a phone; the oldest goes first. */
const MAX_TOASTS = 3;

let nextId = 1;

const overtakenBy = (next: ToastInput, shown: ToastMessage): boolean =>
  next.key !== undefined && shown.key === next.key && shown.variant === 'error';

/** Transient notifications; the texts arrive translated. Rendered by components/ui/toaster. */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (toast) => {
    const id = nextId++;
    set((state) => ({
      toasts: [...state.toasts.filter((shown) => !overtakenBy(toast, shown)), { ...toast, id }].slice(-MAX_TOASTS),
    }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
  dismissKey: (key) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.key !== key) })),
}));

/** The second argument is the description, or the options with it. */
type ToastArguments = [title: string, options?: string | ToastOptions];

const showAs =
  (variant: ToastVariant) =>
  (...[title, options]: ToastArguments): number =>
    useToastStore
      .getState()
      .show({ title, variant, ...(typeof options === 'string' ? { description: options } : options) });

/**
 * `toast.error('Login failed', { description, key: 'sign-in' })` then
 * `toast.success('Logged in', { key: 'sign-in' })` leaves only the success.
 */
export const toast = {
  success: showAs('success'),
  error: showAs('error'),
  info: showAs('info'),
  dismissKey: (key: string) => useToastStore.getState().dismissKey(key),
};
