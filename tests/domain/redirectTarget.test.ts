import { describe, expect, it } from 'vitest';
import { httpOrigin, safeInternalPath, ssoRedirectTarget } from '../../domain/redirectTarget.ts';

describe('safeInternalPath', () => {
  it.each([
    ['/campaigns', '/campaigns'],
    ['/automation/details?workflow_id=4', '/automation/details?workflow_id=4'],
    ['/content/search#top', '/content/search#top'],
  ])('%s is kept', (raw, expected) => {
    expect(safeInternalPath(raw)).toBe(expected);
  });

  it.each([
    'https://evil.test/',
    '//evil.test/x',
    '/\\evil.test',
    'javascript:alert(1)',
    'campaigns',
    '',
    '  ',
    '/\u0000x',
    null,
    undefined,
  ])('%s is refused', (raw) => {
    expect(safeInternalPath(raw)).toBeNull();
  });
});

describe('httpOrigin', () => {
  it('keeps only http(s) origins', () => {
    expect(httpOrigin('https://app.example.com/some/path?x=1')).toBe('https://app.example.com');
    expect(httpOrigin('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000');
    expect(httpOrigin('javascript:alert(1)')).toBeNull();
    expect(httpOrigin('data:text/html,hi')).toBeNull();
    expect(httpOrigin('https://user:pw@app.example.com')).toBeNull();
    expect(httpOrigin('not a url')).toBeNull();
    expect(httpOrigin('')).toBeNull();
  });
});

describe('ssoRedirectTarget (the login page never redirects openly)', () => {
  const base = {
    csrfToken: 'tok-1',
    currentOrigin: 'https://login.example.com',
    allowedOrigins: ['https://app.example.com'],
  };

  it('this origin is allowed', () => {
    expect(ssoRedirectTarget({ ...base, redirectURL: 'https://login.example.com' })).toBe(
      'https://login.example.com/sso/tok-1/',
    );
  });

  it('a configured app origin is allowed; a path on it is reduced to the origin', () => {
    expect(ssoRedirectTarget({ ...base, redirectURL: 'https://app.example.com/anything' })).toBe(
      'https://app.example.com/sso/tok-1/',
    );
  });

  it.each([
    'https://evil.example.net',
    'https://app.example.com.evil.net',
    'http://app.example.com',
    '//app.example.com',
    'javascript:alert(1)',
    '',
    undefined,
  ])('%s is refused', (redirectURL) => {
    expect(ssoRedirectTarget({ ...base, redirectURL })).toBeNull();
  });

  it('no token, no target', () => {
    expect(
      ssoRedirectTarget({ ...base, csrfToken: '', redirectURL: 'https://login.example.com' }),
    ).toBeNull();
  });

  it('the token is URL-encoded', () => {
    expect(ssoRedirectTarget({ ...base, csrfToken: 'a/b', redirectURL: 'https://login.example.com' })).toBe(
      'https://login.example.com/sso/a%2Fb/',
    );
  });
});
