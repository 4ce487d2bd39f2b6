import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { StartupError } from './app/startup-error';
import { getRuntimeConfig } from './config/runtime-config';
import { initI18n } from './i18n/i18n';
import { useSessionStore } from './stores/session-store';
import './styles/global.css';

/**
 * Start-up order, all synchronous: translations (bundled), the runtime config (embedded in the
 * page by its host, so nothing is fetched first), the session hint, then the first render.
 * Amplify is configured on its first use, not here: it is loaded lazily (see lib/auth/session.ts).
 */
function start(container: HTMLElement) {
  initI18n();
  const root = createRoot(container);
  try {
    getRuntimeConfig();
  } catch (error) {
    root.render(<StartupError error={error} />);
    return;
  }
  useSessionStore.getState().init();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
start(container);
