import { describe, expect, it } from 'vitest';
import { isLocalHost, signInTarget } from '../../domain/signInTarget.ts';

describe('isLocalHost', () => {
  it.each(['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '::1', '[::1]', 'app.localhost'])(
    '%s is local',
    (host) => {
      expect(isLocalHost(host)).toBe(true);
    },
  );
  it.each([
    'example.com',
    '10.0.0.1',
    '192.168.1.2',
    '127.0.0.1.example.com',
    'localhost.example.com',
    '1127.0.0.1',
  ])('%s is not local', (host) => {
    expect(isLocalHost(host)).toBe(false);
  });
});

describe('signInTarget', () => {
  it('a local host goes to / with the path to come back to', () => {
    expect(
      signInTarget({
        hostname: '127.0.0.1',
        origin: 'http://127.0.0.1:3000',
        authOrigin: null,
        returnPath: '/campaigns',
      }),
    ).toEqual({ kind: 'local', to: '/', redirect: '/campaigns' });
  });

  it('a local host without a return path goes to / plainly', () => {
    expect(
      signInTarget({ hostname: 'localhost', origin: 'http://localhost', authOrigin: null, returnPath: '/' }),
    ).toEqual({
      kind: 'local',
      to: '/',
      redirect: undefined,
    });
  });

  it('another host goes to the auth origin login page with redirectURL = this origin', () => {
    expect(
      signInTarget({
        hostname: 'app.example.com',
        origin: 'https://app.example.com',
        authOrigin: 'https://login.example.com/',
        returnPath: '/campaigns',
      }),
    ).toEqual({
      kind: 'external',
      href: 'https://login.example.com/auth/login?redirectURL=https%3A%2F%2Fapp.example.com',
    });
  });

  it('without a configured auth origin the login page of this origin is used', () => {
    expect(
      signInTarget({ hostname: 'app.example.com', origin: 'https://app.example.com', authOrigin: null }),
    ).toEqual({
      kind: 'external',
      href: 'https://app.example.com/auth/login?redirectURL=https%3A%2F%2Fapp.example.com',
    });
  });
});
