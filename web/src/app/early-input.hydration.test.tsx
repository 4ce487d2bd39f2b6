import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyInput } from './early-input';

/** A product form as the app has it: controlled radios and a checkbox, and a button that reads them. */
function ProductForm() {
  const [size, setSize] = useState<string>();
  const [giftWrap, setGiftWrap] = useState(false);
  const [added, setAdded] = useState<string>();
  return (
    <div>
      <fieldset>
        <legend>Size</legend>
        {['S', 'M', 'L'].map((option) => (
          <label key={option}>
            <input type="radio" name="size" value={option} checked={size === option} onChange={() => setSize(option)} />
            {option}
          </label>
        ))}
      </fieldset>
      <label>
        <input type="checkbox" checked={giftWrap} onChange={(event) => setGiftWrap(event.target.checked)} />
        Gift wrap
      </label>
      <button type="button" onClick={() => setAdded(size ? `${size}${giftWrap ? ', wrapped' : ''}` : 'pick a size')}>
        Add to Cart
      </button>
      <output>{added}</output>
    </div>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

describe('holdEarlyInput over a page React takes over', () => {
  it('tells the app of the radios and boxes ticked before it had the page, before the clicks that follow', async () => {
    document.body.innerHTML = `<div id="root">${renderToString(<ProductForm />)}</div>`;
    const container = document.getElementById('root') as HTMLElement;
    const held = holdEarlyInput(container);
    const input = (selector: string) => container.querySelector<HTMLInputElement>(selector) as HTMLInputElement;

    input('input[value="M"]').click();
    input('input[type="checkbox"]').click();
    container.querySelector('button')?.click();
    // The shopper sees the ticks at once; the button waits for the app.
    expect(input('input[value="M"]').checked).toBe(true);
    expect(container.querySelector('output')?.textContent).toBe('');

    await act(async () => {
      root = hydrateRoot(container, <ProductForm />);
    });
    await act(async () => held.release());

    expect(input('input[value="M"]').checked).toBe(true);
    expect(input('input[type="checkbox"]').checked).toBe(true);
    expect(container.querySelector('output')?.textContent).toBe('M, wrapped');
  });
});
