import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Lightbox, SWIPE_DISTANCE } from './lightbox';

const IMAGES = [
  { src: '/a.svg', alt: 'Coat, image 1 of 3' },
  { src: '/b.svg', alt: 'Coat, image 2 of 3' },
  { src: '/c.svg', alt: 'Coat, image 3 of 3' },
];

function Harness({ start = 0, images = IMAGES }: { start?: number; images?: typeof IMAGES }) {
  const [index, setIndex] = useState(0);
  return (
    <Lightbox
      images={images}
      index={index}
      onIndexChange={setIndex}
      onOpenChange={(open) => open && setIndex(start)}
      trigger={<button type="button">Enlarge</button>}
      title="Coat"
      closeLabel="Close images"
      previousLabel="Previous image"
      nextLabel="Next image"
      positionLabel={(shown, count) => `Image ${shown + 1} of ${count}`}
    />
  );
}

const shownAlt = () => within(screen.getByRole('dialog')).getByRole('img').getAttribute('alt');

describe('Lightbox', () => {
  it('opens at the given image as a named modal, and closes to its trigger with Escape or the button', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness start={1} />);
    const trigger = screen.getByRole('button', { name: 'Enlarge' });

    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Coat' });
    expect(shownAlt()).toBe('Coat, image 2 of 3');
    expect(within(dialog).getByText('Image 2 of 3')).toBeTruthy();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);

    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Close images' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('moves with the buttons and the arrow, Home and End keys, round from the last to the first', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Enlarge' }));

    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shownAlt()).toBe('Coat, image 2 of 3');
    await user.keyboard('{ArrowRight}');
    expect(shownAlt()).toBe('Coat, image 3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(shownAlt()).toBe('Coat, image 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(shownAlt()).toBe('Coat, image 3 of 3');
    await user.keyboard('{Home}');
    expect(shownAlt()).toBe('Coat, image 1 of 3');
    await user.keyboard('{End}');
    expect(shownAlt()).toBe('Coat, image 3 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(shownAlt()).toBe('Coat, image 2 of 3');
  });

  it('moves on a sideways swipe, not on a short or mostly vertical one', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Enlarge' }));
    const image = within(screen.getByRole('dialog')).getByRole('img');
    const swipe = (dx: number, dy = 0) => {
      const touch = { pointerId: 7, pointerType: 'touch', isPrimary: true };
      fireEvent.pointerDown(image, { ...touch, clientX: 200, clientY: 300 });
      fireEvent.pointerUp(image, { ...touch, clientX: 200 + dx, clientY: 300 + dy });
    };

    swipe(-(SWIPE_DISTANCE + 20));
    expect(shownAlt()).toBe('Coat, image 2 of 3');
    swipe(SWIPE_DISTANCE + 20);
    expect(shownAlt()).toBe('Coat, image 1 of 3');
    swipe(-(SWIPE_DISTANCE - 10));
    swipe(-(SWIPE_DISTANCE + 20), 120);
    expect(shownAlt()).toBe('Coat, image 1 of 3');
  });

  it('shows a single image without position or previous and next buttons', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness images={IMAGES.slice(0, 1)} />);
    await user.click(screen.getByRole('button', { name: 'Enlarge' }));
    const dialog = screen.getByRole('dialog', { name: 'Coat' });
    expect(within(dialog).queryByRole('button', { name: 'Next image' })).toBeNull();
    expect(within(dialog).queryByText(/^Image/)).toBeNull();
    await user.keyboard('{ArrowRight}');
    expect(shownAlt()).toBe('Coat, image 1 of 3');
  });
});
