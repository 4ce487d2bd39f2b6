import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach } from 'vitest';
import { LANGUAGE_COOKIE } from '@linea/shared/i18n/language-choice';
import { initI18n, loadDictionary } from '../i18n/i18n';
import { provideAmplifyAuth } from '../lib/auth/session';

// Tests marked `// @vitest-environment node` (the server renderer's) get none of the browser's
// set-up: no global i18next, no document.
if (typeof document !== 'undefined') {
  // As the app's start does (app/start.tsx), for the tests that render a page without it.
  provideAmplifyAuth(() => import('../lib/auth/amplify-auth'));
  await initI18n('en');
  // Both languages at hand, as after a switch: tests change the language with i18next directly.
  i18next.addResourceBundle('de', 'translation', await loadDictionary('de'));

  // findBy*/waitFor give up after 1 s by default; lazy chunks and a loaded CI machine can take
  // longer, and a slow pass is still a pass.
  configure({ asyncUtilTimeout: 5_000 });

  // jsdom does not scroll; the router's ScrollRestoration calls this on every navigation.
  window.scrollTo = () => {};

  afterEach(async () => {
    cleanup();
    localStorage.clear();
    document.cookie = `${LANGUAGE_COOKIE}=; Max-Age=0; Path=/`;
    if (i18next.language !== 'en') await i18next.changeLanguage('en');
  });
}
