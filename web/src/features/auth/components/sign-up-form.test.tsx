import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignUpForm, type SignUpOutcome } from './sign-up-form';

type User = ReturnType<typeof userEvent.setup>;

async function fillIn(user: User, password: string, confirmPassword = password) {
  await user.type(screen.getByLabelText('First Name'), 'Anna');
  await user.type(screen.getByLabelText('Last Name'), 'Muster');
  await user.type(screen.getByLabelText('Email'), 'anna@example.ch');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
}

function renderForm(outcome: SignUpOutcome = 'done') {
  const onSubmit = vi.fn(async () => outcome);
  const onSignInInstead = vi.fn();
  render(<SignUpForm onSubmit={onSubmit} onSignInInstead={onSignInInstead} />);
  return { onSubmit, onSignInInstead };
}

/** The rules as a screen reader reads them from the input's description: text and state. */
function rules() {
  const list = screen.getByRole('list', { name: 'Your password needs' });
  return Array.from(list.querySelectorAll('li'), (item) => item.textContent);
}

describe('SignUpForm', () => {
  it("says 'Passwords don't match' and does not submit when the confirmation differs", async () => {
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = renderForm();

    await fillIn(user, 'Secret-Pass-1', 'Secret-Pass-2');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByRole('alert').textContent).toBe("Passwords don't match");
    const confirm = screen.getByLabelText('Confirm Password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(confirm);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the names, email and password when the passwords match', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = renderForm();

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

  it('lists the password rules under the field before anything is typed, as its description', () => {
    renderForm();

    const password = screen.getByLabelText('Password');
    expect(rules()).toEqual([
      'At least 12 characters, not met yet',
      'A lowercase letter (a–z), not met yet',
      'An uppercase letter (A–Z), not met yet',
      'A number (0–9), not met yet',
    ]);
    const describedBy = password.getAttribute('aria-describedby') ?? '';
    const description = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(description).toContain('Your password needs');
    expect(description).toContain('At least 12 characters');
  });

  it('marks each rule as it is met while typing', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();

    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(rules()).toEqual([
      'At least 12 characters, not met yet',
      'A lowercase letter (a–z), met',
      'An uppercase letter (A–Z), not met yet',
      'A number (0–9), not met yet',
    ]);
    await user.type(screen.getByLabelText('Password'), 'D-efghij-12');
    expect(rules().every((rule) => rule?.endsWith(', met'))).toBe(true);
  });

  it('announces the progress politely once typing pauses, not on every keystroke', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    const status = screen.getByRole('status');

    await user.type(screen.getByLabelText('Password'), 'aB');
    expect(status.textContent).toBe('');
    await vi.waitFor(() => expect(status.textContent).toBe('2 of 4 password requirements met'), { timeout: 3000 });
    await user.type(screen.getByLabelText('Password'), '3-defghijk');
    await vi.waitFor(() => expect(status.textContent).toBe('All password requirements met'), { timeout: 3000 });
  });

  it('does not send a password that misses a rule, and says why on the field', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = renderForm();

    await fillIn(user, 'abcdefghijkl');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByRole('alert').textContent).toBe("Your password doesn't meet all the requirements yet.");
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not send a password with a space at either end, which Cognito refuses', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = renderForm();

    await fillIn(user, 'Secret-Pass-1 ');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByRole('alert').textContent).toBe('Your password cannot start or end with a space.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('marks the password when the user pool refuses it after all', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm('passwordRefused');

    await fillIn(user, 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect((await screen.findByRole('alert')).textContent).toMatch(/^This password doesn't meet our requirements/);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('offers to sign in instead when the email already has an account', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSignInInstead } = renderForm('accountExists');

    await fillIn(user, 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('An account with anna@example.ch already exists.')).toBeTruthy();
    const offer = screen.getByRole('button', { name: 'Sign in instead' });
    expect(document.activeElement).toBe(offer);
    await user.click(offer);
    expect(onSignInInstead).toHaveBeenCalledWith('anna@example.ch');

    await user.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByRole('button', { name: 'Sign in instead' })).toBeNull();
  });
});
