import { afterEach, describe, expect, it } from 'vitest';
import { withRuntimeConfig, type WebRuntimeConfig } from '@linea/shared/contracts/runtime-config';
import {
  loadRuntimeConfig,
  peekRuntimeConfig,
  readEmbeddedRuntimeConfig,
  setRuntimeConfigForTesting,
} from './runtime-config';
import { RuntimeConfigError } from './runtime-config-error';
import { parseRuntimeConfig } from './runtime-config-schema';

const valid = {
  apiUrl: 'http://localhost:4000/',
  region: 'eu-central-2',
  userPoolId: 'local_6Ya5SuOz',
  userPoolClientId: 'abc123',
  cognitoEndpoint: 'http://localhost:9229',
  authFlow: 'USER_PASSWORD_AUTH',
  stage: 'local',
};

function issuesOf(value: unknown): readonly string[] {
  try {
    parseRuntimeConfig(value);
  } catch (err) {
    expect(err).toBeInstanceOf(RuntimeConfigError);
    return (err as RuntimeConfigError).issues;
  }
  throw new Error('expected the config to be rejected');
}

describe('runtime config', () => {
  afterEach(() => setRuntimeConfigForTesting(undefined));

  it('accepts a complete config and drops the trailing slash of the API URL', () => {
    expect(parseRuntimeConfig(valid)).toEqual({ ...valid, apiUrl: 'http://localhost:4000' });
  });

  it('treats a missing or null Cognito endpoint as none (the cloud case)', () => {
    const { cognitoEndpoint: _omitted, ...cloud } = valid;
    expect(parseRuntimeConfig({ ...cloud, authFlow: 'USER_SRP_AUTH' }).cognitoEndpoint).toBeNull();
    expect(parseRuntimeConfig({ ...valid, cognitoEndpoint: null }).cognitoEndpoint).toBeNull();
  });

  it('accepts an API on the same host', () => {
    expect(parseRuntimeConfig({ ...valid, apiUrl: '/api' }).apiUrl).toBe('/api');
  });

  it('names every invalid field', () => {
    const issues = issuesOf({ ...valid, userPoolId: undefined, authFlow: 'CUSTOM_AUTH', apiUrl: 'localhost' });
    expect(issues.some((issue) => issue.startsWith('userPoolId:'))).toBe(true);
    expect(issues.some((issue) => issue.startsWith('authFlow:'))).toBe(true);
    expect(issues.some((issue) => issue.startsWith('apiUrl:'))).toBe(true);
    expect(issues).toHaveLength(3);
  });

  it('rejects something that is not an object', () => {
    expect(issuesOf('hello').length).toBeGreaterThan(0);
  });

  it('reads the config the host embedded in the page, once, without a request', async () => {
    const page = new DOMParser().parseFromString(
      withRuntimeConfig('<!doctype html><html><head><title>LINEA</title></head><body></body></html>', {
        ...(valid as WebRuntimeConfig),
        apiUrl: '/api',
      }),
      'text/html',
    );
    await expect(readEmbeddedRuntimeConfig(page)).resolves.toEqual({ ...valid, apiUrl: '/api' });

    document.head.innerHTML = page.head.innerHTML;
    try {
      const first = loadRuntimeConfig();
      document.head.innerHTML = '';
      expect(loadRuntimeConfig()).toBe(first);
      expect(await first).toEqual({ ...valid, apiUrl: '/api' });
    } finally {
      document.head.innerHTML = '';
    }
  });

  it('is not there to peek at before it is validated', async () => {
    document.head.innerHTML = withRuntimeConfig('<head></head>', valid as WebRuntimeConfig).replace(/<\/?head>/g, '');
    try {
      const loading = loadRuntimeConfig();
      expect(peekRuntimeConfig()).toBeUndefined();
      const config = await loading;
      expect(peekRuntimeConfig()).toBe(config);
    } finally {
      document.head.innerHTML = '';
    }
  });

  it('reads text that would end the script element, escaped by the host', async () => {
    const tricky = { ...(valid as WebRuntimeConfig), stage: '</script><script>alert(1)</script><!--' };
    const html = withRuntimeConfig('<html><head></head><body></body></html>', tricky);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.scripts).toHaveLength(1);
    expect((await readEmbeddedRuntimeConfig(page)).stage).toBe(tricky.stage);
  });

  it('explains a page without the config, with a broken one and with an invalid one', async () => {
    const page = (head: string) => new DOMParser().parseFromString(`<html><head>${head}</head></html>`, 'text/html');
    await expect(readEmbeddedRuntimeConfig(page(''))).rejects.toThrow('The page has no runtime config');
    await expect(
      readEmbeddedRuntimeConfig(page('<script id="runtime-config" type="application/json">{"apiUrl":</script>')),
    ).rejects.toThrow('is not JSON');
    await expect(
      readEmbeddedRuntimeConfig(page('<script id="runtime-config" type="application/json">{"apiUrl":"/api"}</script>')),
    ).rejects.toThrow(RuntimeConfigError);
    await expect(loadRuntimeConfig()).rejects.toThrow(RuntimeConfigError);
  });
});
