import { describe, expect, it } from 'vitest';
import { htmlSafeJson, runtimeConfigScript, withRuntimeConfig, type WebRuntimeConfig } from './runtime-config';

const config: WebRuntimeConfig = {
  apiUrl: '/api',
  region: 'eu-central-2',
  userPoolId: 'eu-central-2_Abc123',
  userPoolClientId: 'client123',
  cognitoEndpoint: null,
  authFlow: 'USER_SRP_AUTH',
  stage: 'prod',
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>LINEA</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

describe('the runtime config in a page', () => {
  it('goes at the end of the head as a JSON script element', () => {
    const html = withRuntimeConfig(PAGE, config);
    expect(html).toBe(PAGE.replace('  </head>', `  ${runtimeConfigScript(config)}\n  </head>`));
    expect(runtimeConfigScript(config)).toBe(
      `<script id="runtime-config" type="application/json">${JSON.stringify(config)}</script>`,
    );
  });

  it('replaces the config of a page that has one, and goes at the end of a page without a head', () => {
    const once = withRuntimeConfig(PAGE, config);
    const twice = withRuntimeConfig(once, { ...config, stage: 'dev' });
    expect(twice.match(/id="runtime-config"/g)).toHaveLength(1);
    expect(twice).toContain('"stage":"dev"');
    expect(withRuntimeConfig('<!doctype html><title>LINEA</title>', config)).toBe(
      `<!doctype html><title>LINEA</title>\n${runtimeConfigScript(config)}\n`,
    );
  });

  it('escapes what could end or change the script element, and reads back as the same JSON', () => {
    const value = { stage: '</script><script>alert(1)</script><!-- & -->' };
    const json = htmlSafeJson(value);
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
