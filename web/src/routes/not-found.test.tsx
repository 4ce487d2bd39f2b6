import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '../app/router';
import { createTestQueryClient, renderRoutes } from '../testing/render';

/** Lazy chunks (a page, the toaster, the menu) can take a while on a busy machine. */
const LAZY = { timeout: 5000 };

describe('not-found page', () => {
  it("says 'Oops! Page not found' with a 404, titles the page, and leads home", async () => {
    const user = userEvent.setup({ delay: null });
    const queryClient = createTestQueryClient();
    const { router } = renderRoutes(createRoutes(queryClient), '/no/such/page', queryClient);

    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' }, LAZY)).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(document.title).toBe('Page not found · LINEA');

    await user.click(screen.getByRole('link', { name: 'Return to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
