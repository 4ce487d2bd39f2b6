import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { Header } from './header';

describe('language switcher', () => {
  it('switches to Deutsch: texts, <html lang>, the stored `language` key and the `lang` cookie follow', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Header />);
    expect(document.documentElement.lang).toBe('en');
    const english = screen.getByRole('button', { name: 'EN English' });
    expect(english.getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'DE Deutsch' }));
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('language')).toBe('de');
    expect(document.cookie).toBe('lang=de');
    expect(screen.getByRole('button', { name: 'DE Deutsch' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('group', { name: 'Sprache' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Über uns' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Anmelden' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'EN English' }));
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.cookie).toBe('lang=en');
  });

  it('names each language in its own language, after the visible code (label in name)', () => {
    renderWithProviders(<Header />);
    expect(screen.getByRole('button', { name: 'DE Deutsch' }).getAttribute('lang')).toBe('de');
    expect(screen.getByRole('button', { name: 'EN English' }).getAttribute('lang')).toBe('en');
  });
});
