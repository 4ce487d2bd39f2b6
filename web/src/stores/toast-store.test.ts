import { beforeEach, describe, expect, it } from 'vitest';
import { toast, useToastStore } from './toast-store';

const shown = () => useToastStore.getState().toasts.map(({ title, variant }) => `${variant}: ${title}`);

beforeEach(() => useToastStore.setState({ toasts: [] }));

describe('toast store', () => {
  it("dismisses an action's error when the same action then succeeds", () => {
    toast.error('Login failed', { description: 'Wrong password', key: 'sign-in' });
    toast.success('Logged in successfully', { key: 'sign-in' });
    expect(shown()).toEqual(['success: Logged in successfully']);
  });

  it('does not stack a second failure of the same action on the first', () => {
    toast.error('Subscription failed', { key: 'newsletter' });
    toast.error('Subscription failed', { key: 'newsletter' });
    expect(shown()).toEqual(['error: Subscription failed']);
    toast.info('Already subscribed', { key: 'newsletter' });
    expect(shown()).toEqual(['info: Already subscribed']);
  });

  it("leaves other actions' errors, unkeyed errors and earlier successes alone", () => {
    toast.error('Could not save the coat', { key: 'wishlist:coat' });
    toast.error('Something failed');
    toast.success('Added to wishlist', { key: 'wishlist:tee' });
    toast.success('Removed from wishlist', { key: 'wishlist:tee' });
    expect(shown()).toEqual([
      'error: Something failed',
      'success: Added to wishlist',
      'success: Removed from wishlist',
    ]);
  });

  it('keeps the description given as a plain string, and the options given as an object', () => {
    const undo = () => undefined;
    toast.info('Removed', 'Essential Organic Tee');
    toast.info('Cleared', {
      description: '2 items',
      key: 'cart:clear',
      action: { label: 'Undo', altText: 'Press F8', onAction: undo },
      duration: 8000,
    });
    expect(useToastStore.getState().toasts.map(({ id: _id, ...rest }) => rest)).toEqual([
      { title: 'Removed', variant: 'info', description: 'Essential Organic Tee' },
      {
        title: 'Cleared',
        variant: 'info',
        description: '2 items',
        key: 'cart:clear',
        action: { label: 'Undo', altText: 'Press F8', onAction: undo },
        duration: 8000,
      },
    ]);
  });

  it('dismisses every toast of a key on request, and by id', () => {
    const id = toast.success('Subscribed', { key: 'newsletter' });
    toast.info('Note', { key: 'newsletter' });
    toast.info('Other');
    useToastStore.getState().dismiss(id);
    expect(shown()).toEqual(['info: Note', 'info: Other']);
    toast.dismissKey('newsletter');
    expect(shown()).toEqual(['info: Other']);
  });

  it('shows the three newest at most', () => {
    for (const title of ['one', 'two', 'three', 'four']) toast.info(title);
    expect(shown()).toEqual(['info: two', 'info: three', 'info: four']);
  });
});
