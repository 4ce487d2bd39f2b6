import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach } from 'vitest';
import { initI18n } from '../i18n/i18n';

initI18n('en');

// jsdom does not scroll; the router's ScrollRestoration calls this on every navigation.
window.scrollTo = () => {};

afterEach(async () => {
  cleanup();
  localStorage.clear();
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
});
