/**
 * Setup file of the e2e project: a test fails if any page it opened reported a Content Security
 * Policy violation (or a policy Chromium could not read), so a script, style, image, connection
 * or form the policy refuses cannot pass unnoticed, even in a journey that tolerates other
 * console errors (a refused sign-in, an expected 404).
 */
import { afterEach, expect } from 'vitest';
import { takePolicyReports } from './browser';

afterEach(() => {
  expect(takePolicyReports(), 'Content Security Policy or Permissions Policy reports').toEqual([]);
});
