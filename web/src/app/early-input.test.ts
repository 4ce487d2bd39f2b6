import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyInput } from './early-input';

afterEach(() => {
  document.body.innerHTML = '';
});

function page() {
  document.body.innerHTML = `<div id="root">
    <button type="button" id="add">Add to Cart</button>
    <form id="signup"><input id="email" name="email"><button id="subscribe">Subscribe</button></form>
    <select id="sort"><option value="featured">Featured</option><option value="price-asc">Price</option></select>
    <a id="link" href="#contact">Contact</a>
  </div>`;
  const root = document.getElementById('root') as HTMLElement;
  const seen: string[] = [];
  // The app's handlers, listening where React does (on the root), only once it has the page.
  const attachApp = () => {
    root.addEventListener('click', (event) => seen.push(`click ${(event.target as Element).id}`));
    root.addEventListener('submit', (event) => {
      event.preventDefault();
      seen.push(`submit ${(event.target as Element).id}`);
    });
    root.addEventListener('change', (event) => seen.push(`change ${(event.target as HTMLSelectElement).value}`));
    root.addEventListener('input', (event) => seen.push(`input ${(event.target as HTMLInputElement).value}`));
  };
  return { root, seen, attachApp, byId: (id: string) => document.getElementById(id) as HTMLElement };
}

describe('holdEarlyInput', () => {
  it('holds what a shopper does before the app has the page, and hands it over in order', () => {
    const { root, seen, attachApp, byId } = page();
    const { release } = holdEarlyInput(root);
    const email = byId('email') as HTMLInputElement;
    email.value = 'lea@example.ch';
    email.dispatchEvent(new Event('input', { bubbles: true }));
    byId('add').click();
    const sort = byId('sort') as HTMLSelectElement;
    sort.value = 'price-asc';
    sort.dispatchEvent(new Event('change', { bubbles: true }));
    (byId('signup') as HTMLFormElement).requestSubmit(byId('subscribe') as HTMLButtonElement);
    expect(seen).toEqual([]);

    attachApp();
    sort.value = 'featured'; // taking the page over set the list back
    release();
    expect(seen).toEqual(['input lea@example.ch', 'click add', 'change price-asc', 'submit signup']);
    expect(sort.value).toBe('price-asc');
  });

  it('leaves links alone, and holds nothing once released', () => {
    const { root, seen, attachApp, byId } = page();
    const { release } = holdEarlyInput(root);
    const followed = vi.fn((event: Event) => event.preventDefault());
    document.addEventListener('click', followed);
    byId('link').click();
    expect(followed).toHaveBeenCalledTimes(1);
    attachApp();
    release();
    byId('add').click();
    expect(seen).toEqual(['click add']);
    document.removeEventListener('click', followed);
  });

  it('forgets what it held when discarded, and holds nothing after', () => {
    const { root, seen, attachApp, byId } = page();
    const { discard } = holdEarlyInput(root);
    byId('add').click();
    (byId('signup') as HTMLFormElement).requestSubmit(byId('subscribe') as HTMLButtonElement);
    attachApp();
    discard();
    expect(seen).toEqual([]);
    byId('add').click();
    expect(seen).toEqual(['click add']);
  });
});
