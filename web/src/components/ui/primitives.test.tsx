import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogTrigger } from './dialog';
import { Select } from './select';
import { Switch } from './switch';

beforeAll(() => {
  // jsdom lacks the layout and pointer-capture APIs Radix's popper and select call.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

describe('Dialog', () => {
  it('is a named modal that takes focus and gives it back to its trigger', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <Dialog>
        <DialogTrigger>Size guide</DialogTrigger>
        <DialogContent title="Size guide" description="Body measurements." closeLabel="Close size guide">
          <button type="button">Inside</button>
        </DialogContent>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Size guide' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Size guide' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Close size guide' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });
});

describe('Switch', () => {
  it('is a switch named by its label that toggles with the keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    function Harness() {
      const [on, setOn] = useState(false);
      return <Switch label="Active" description="Shown in the shop" checked={on} onCheckedChange={setOn} />;
    }
    render(<Harness />);
    const toggle = screen.getByRole('switch', { name: 'Active' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { description: 'Shown in the shop' })).toBe(toggle);
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });
});

describe('Select', () => {
  it('is a combobox named by its label that offers its options', async () => {
    const user = userEvent.setup({ delay: null });
    function Harness() {
      const [value, setValue] = useState<string>();
      return (
        <>
          <Select
            label="Country"
            placeholder="Choose"
            options={[{ value: 'CH', label: 'Switzerland' }]}
            value={value}
            onValueChange={setValue}
          />
          <output>{value}</output>
        </>
      );
    }
    render(<Harness />);
    const combobox = screen.getByRole('combobox', { name: 'Country' });
    expect(combobox.textContent).toContain('Choose');
    await user.click(combobox);
    await user.click(await screen.findByRole('option', { name: 'Switzerland' }));
    expect(screen.getByRole('status').textContent).toBe('CH');
    expect(screen.getByRole('combobox', { name: 'Country' }).textContent).toContain('Switzerland');
  });
});
