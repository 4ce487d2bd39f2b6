import { act, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { createHandOver, HandedOverPart, HandOverContext } from './handed-over-part';

describe('createHandOver', () => {
  it('tells once, when the root has committed and every part placed is handed over', () => {
    const handedOver = vi.fn();
    const handOver = createHandOver(handedOver);
    handOver.partPlaced();
    handOver.partPlaced();
    handOver.rootCommitted();
    handOver.partHandedOver();
    expect(handedOver).not.toHaveBeenCalled();
    handOver.partHandedOver();
    expect(handedOver).toHaveBeenCalledTimes(1);
    // A part placed later (another page's frame) and the root's effect run again change nothing.
    handOver.partPlaced();
    handOver.rootCommitted();
    expect(handedOver).toHaveBeenCalledTimes(1);
  });

  it('tells at the root commit where no part is placed (a page without the frame)', () => {
    const handedOver = vi.fn();
    createHandOver(handedOver).rootCommitted();
    expect(handedOver).toHaveBeenCalledTimes(1);
  });
});

describe('HandedOverPart', () => {
  it('counts each part once in a render in the browser, under StrictMode too', async () => {
    const handedOver = vi.fn();
    const handOver = createHandOver(handedOver);
    function Root() {
      return (
        <HandOverContext value={handOver}>
          <HandedOverPart>
            <p>header</p>
          </HandedOverPart>
          <HandedOverPart>
            <p>main</p>
          </HandedOverPart>
        </HandOverContext>
      );
    }
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <StrictMode>
          <Root />
        </StrictMode>,
      );
    });
    expect(container.textContent).toBe('headermain');
    expect(handedOver).not.toHaveBeenCalled(); // the root's own commit is still to be told
    handOver.rootCommitted();
    expect(handedOver).toHaveBeenCalledTimes(1);
    root.unmount();
  });
});
