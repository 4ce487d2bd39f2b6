import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { LazyChatWidget } from './lazy-chat-widget';

describe('LazyChatWidget', () => {
  it('adds nothing until the page is idle, then loads the widget', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((callback: () => void) => {
        idle.push(callback);
        return idle.length;
      }),
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    try {
      renderWithProviders(<LazyChatWidget />);
      expect(screen.queryByRole('button', { name: 'Open shop assistant' })).toBeNull();
      expect(window.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 4000 });

      idle.forEach((callback) => callback());
      expect(await screen.findByRole('button', { name: 'Open shop assistant' })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
