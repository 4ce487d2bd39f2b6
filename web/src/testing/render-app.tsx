import { createRoutes } from '../app/router';
import { createTestQueryClient, renderRoutes } from './render';

/** Renders the whole app (shell, lazy pages, loaders) at `path`, as the browser would open it. */
export function renderApp(path: string) {
  const queryClient = createTestQueryClient();
  return renderRoutes(createRoutes(queryClient), path, queryClient);
}
