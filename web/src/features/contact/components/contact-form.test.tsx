import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { ToastOutlet } from '../../../components/ui/toast-outlet';
import { useToastStore } from '../../../stores/toast-store';
import { renderWithProviders } from '../../../testing/render';
import { ContactForm } from './contact-form';

/** Lazy chunks (a page, the toaster, the menu) can take a while on a busy machine. */
const LAZY = { timeout: 5000 };

vi.mock('../api/send-contact-message', () => ({ sendContactMessage: vi.fn() }));
const { sendContactMessage } = await import('../api/send-contact-message');

function renderForm() {
  return renderWithProviders(
    <>
      <ContactForm />
      <ToastOutlet />
    </>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: { subject?: string } = {}) {
  await user.type(field('Name'), 'Anna Muster');
  await user.type(field('Email'), 'anna@example.ch');
  if (values.subject) await user.type(field('Subject (optional)'), values.subject);
  await user.type(field('Message'), 'Does the coat run large?');
}

beforeEach(() => {
  vi.mocked(sendContactMessage).mockReset();
  useToastStore.setState({ toasts: [] });
});

describe('ContactForm', () => {
  it("asks for the required fields with 'Please fill in all required fields' and sends nothing", async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.type(field('Email'), 'anna@example.ch');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields');
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Message').getAttribute('aria-invalid')).toBe('true');
    expect(field('Email').getAttribute('aria-invalid')).toBeNull();
    expect(field('Subject (optional)').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('Name'));
    expect(sendContactMessage).not.toHaveBeenCalled();
  });

  it('checks the email address before sending', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.type(field('Name'), 'Anna');
    await user.type(field('Email'), 'anna@');
    await user.type(field('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Email'));
    expect(sendContactMessage).not.toHaveBeenCalled();
  });

  it("sends name, email, subject, message and language, says 'Message sent successfully' and clears the form", async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(sendContactMessage).mockResolvedValue({ id: 'm-1', receivedAt: '2024-01-01T00:00:00Z' });
    renderForm();
    await fillIn(user, { subject: 'Sizing' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect((await screen.findAllByText('Message sent successfully', {}, LAZY)).length).toBeGreaterThan(0);
    expect(screen.getAllByText("We'll get back to you within 24 hours.").length).toBeGreaterThan(0);
    expect(sendContactMessage).toHaveBeenCalledWith({
      name: 'Anna Muster',
      email: 'anna@example.ch',
      subject: 'Sizing',
      message: 'Does the coat run large?',
      locale: 'en',
    });
    expect(field('Name').value).toBe('');
    expect(field('Message').value).toBe('');
  });

  it('leaves the optional subject out when it is empty', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(sendContactMessage).mockResolvedValue({ id: 'm-2', receivedAt: '2024-01-01T00:00:00Z' });
    renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(sendContactMessage).toHaveBeenCalled());
    expect(vi.mocked(sendContactMessage).mock.calls[0]?.[0]).not.toHaveProperty('subject');
  });

  it('keeps what the shopper wrote and says why when sending fails', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(sendContactMessage).mockRejectedValue(new ApiError(429, 'RATE_LIMITED', 'slow down'));
    renderForm();
    await fillIn(user, { subject: 'Sizing' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const alert = await screen.findByRole('alert', {}, LAZY);
    expect(alert.textContent).toContain('Your message was not sent');
    expect(alert.textContent).toContain('Too many requests. Please wait a moment and try again.');
    expect(alert.textContent).not.toContain('slow down');
    expect(field('Name').value).toBe('Anna Muster');
    expect(field('Email').value).toBe('anna@example.ch');
    expect(field('Subject (optional)').value).toBe('Sizing');
    expect(field('Message').value).toBe('Does the coat run large?');
  });

  it('asks for a subject on one line when a pasted one holds a tab, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillIn(user);
    await user.click(field('Subject (optional)'));
    await user.paste('Sizing\tXL');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByText('Please write this on one line, without tabs or other special characters.')).toBeTruthy();
    expect(field('Subject (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Subject (optional)'));
    expect(sendContactMessage).not.toHaveBeenCalled();
  });

  it('marks the fields the server rejected (400 VALIDATION with details.fields)', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(sendContactMessage).mockRejectedValue(
      new ApiError(400, 'VALIDATION', 'invalid', { fields: [{ field: 'email', message: 'Invalid email address' }] }),
    );
    renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect((await screen.findByRole('alert', {}, LAZY)).textContent).toContain(
      'Please check your input and try again.',
    );
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(field('Message').value).toBe('Does the coat run large?');
  });
});
