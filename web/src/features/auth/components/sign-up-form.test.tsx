import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignUpForm } from './sign-up-form';

async function fillIn(user: ReturnType<typeof userEvent.setup>, confirmPassword: string) {
  await user.type(screen.getByLabelText('First Name'), 'Anna');
  await user.type(screen.getByLabelText('Last Name'), 'Muster');
  await user.type(screen.getByLabelText('Email'), 'anna@example.ch');
  await user.type(screen.getByLabelText('Password'), 'Secret-Pass-1');
  await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
}

describe('SignUpForm', () => {
  it("says 'Passwords don't match' and does not submit when the confirmation differs", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => {});
    render(<SignUpForm onSubmit={onSubmit} />);

    await fillIn(user, 'Secret-Pass-2');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByRole('alert').textContent).toBe("Passwords don't match");
    const confirm = screen.getByLabelText('Confirm Password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(confirm);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the names, email and password when the passwords match', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => {});
    render(<SignUpForm onSubmit={onSubmit} />);

    await fillIn(user, 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).toHaveBeenCalledWith({
      firstName: 'Anna',
      lastName: 'Muster',
      email: 'anna@example.ch',
      password: 'Secret-Pass-1',
    });
  });
});
