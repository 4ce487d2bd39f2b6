/**
 * A prerendered page looks ready before the app has taken it over: a shopper may press a button,
 * submit a form or pick from a list while its code is still loading. Those would meet no handler
 * (a button does nothing, a form submits itself as a GET and reloads the page), so they are held
 * from the page's first script on, and handed to the app, in order, once it has taken the page
 * over. Links need nothing: they work as plain links meanwhile.
 */
type HeldInput =
  | { readonly kind: 'click'; readonly target: HTMLElement }
  | { readonly kind: 'submit'; readonly form: HTMLFormElement; readonly submitter: HTMLElement | null }
  | { readonly kind: 'change'; readonly target: HTMLSelectElement; readonly value: string }
  | { readonly kind: 'check'; readonly target: HTMLInputElement; readonly checked: boolean };

const CHECKABLE = /^(checkbox|radio)$/;

/** What a click on it does only once the app has the page. */
const NEEDS_APP = 'button, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], summary';

export interface HeldEarlyInput {
  /** Stops holding, and hands what was held to the app (which has taken the page over). */
  release(): void;
  /** Stops holding and forgets what was held: the app draws the page anew, not the one it was done on. */
  discard(): void;
}

/** Holds input within `container` until it is released to the app. */
export function holdEarlyInput(container: HTMLElement): HeldEarlyInput {
  const held: HeldInput[] = [];
  const within = (target: EventTarget | null): Element | null =>
    target instanceof Element && container.contains(target) ? target : null;

  const onClick = (event: MouseEvent): void => {
    const target = within(event.target)?.closest<HTMLElement>(NEEDS_APP);
    if (!target || !container.contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ kind: 'click', target });
  };
  const onSubmit = (event: SubmitEvent): void => {
    const form = within(event.target);
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ kind: 'submit', form, submitter: event.submitter });
  };
  // What was typed: the app's own state starts empty, so it is told, as if typed again.
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
  const onInput = (event: Event): void => {
    const target = within(event.target);
    if (target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !CHECKABLE.test(target.type))) {
      typed.set(target, target.value);
    }
  };
  // A radio or checkbox ticks itself without the app (a click on it is not held: the shopper
  // sees it change), but the app has not heard of it: it is told once it has the page.
  const onChange = (event: Event): void => {
    const target = within(event.target);
    if (target instanceof HTMLSelectElement) held.push({ kind: 'change', target, value: target.value });
    if (target instanceof HTMLInputElement && CHECKABLE.test(target.type)) {
      held.push({ kind: 'check', target, checked: target.checked });
    }
  };

  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('change', onChange, true);
  document.addEventListener('input', onInput, true);
  const stopHolding = (): void => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('change', onChange, true);
    document.removeEventListener('input', onInput, true);
  };
  const release = (): void => {
    stopHolding();
    for (const [field, value] of typed) {
      if (!field.isConnected) continue;
      // React notices a change only against the value it last saw: it is shown the empty one
      // through the field's own setter, then the typed one is put back behind its back.
      const prototype =
        field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      field.value = '';
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    typed.clear();
    for (const input of held.splice(0)) {
      if (input.kind === 'click' && input.target.isConnected) input.target.click();
      if (input.kind === 'submit' && input.form.isConnected) {
        const submitter = input.submitter?.isConnected ? input.submitter : null;
        input.form.requestSubmit(submitter as HTMLButtonElement | null);
      }
      if (input.kind === 'check' && input.target.isConnected) {
        // As for typed text: the app's own record is set to the other state through the field,
        // and a click (the event React hears a tick by) brings the shopper's back.
        input.target.checked = !input.checked;
        input.target.click();
      }
      if (input.kind === 'change' && input.target.isConnected) {
        // Taking the page over may have set the list back to what the app had.
        input.target.value = input.value;
        input.target.dispatchEvent(new Event('change', { bubbles: true }));
      }
    }
  };
  return {
    release,
    discard: () => {
      stopHolding();
      typed.clear();
      held.length = 0;
    },
  };
}
