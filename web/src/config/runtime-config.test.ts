import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadRuntimeConfig,
  parseRuntimeConfig,
  RuntimeConfigError,
  setRuntimeConfigForTesting,
} from './runtime-config';

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

  it('fetches /config.json once, as the plain GET that index.html preloads', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(valid)));
    const [first, second] = await Promise.all([loadRuntimeConfig(fetchMock), loadRuntimeConfig(fetchMock)]);
    expect(first).toBe(second);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/config.json');
    expect(fetchMock.mock.calls[0]![1]).toBeUndefined();
  });

  it('explains a missing file and an SPA fallback page', async () => {
    await expect(loadRuntimeConfig(async () => new Response('', { status: 404 }))).rejects.toThrow(
      '/config.json could not be fetched',
    );
    await expect(loadRuntimeConfig(async () => new Response('<!doctype html><html>'))).rejects.toThrow(
      '/config.json is not JSON',
    );
  });
});
