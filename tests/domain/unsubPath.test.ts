import { describe, expect, it } from 'vitest';
import { isPublicRecipientPath, normaliseUnsubPath } from '../../domain/unsubPath.ts';

describe('normaliseUnsubPath', () => {
  it.each([
    ['/unsub/unsub/abc', '/unsub/abc'],
    ['/unsub/unsub/unsub/abc/', '/unsub/abc'],
    ['/unsub/unsub/unsub/unsub/5eedc0de-0001', '/unsub/5eedc0de-0001'],
    ['//unsub//unsub/abc', '/unsub/abc'],
    ['/UNSUB/unsub/abc', '/unsub/abc'],
    ['/unsub/unsub/i2c/abc', '/unsub/i2c/abc'],
    ['/unsub/unsub/', '/unsub/'],
  ])('%s becomes %s', (input, expected) => {
    expect(normaliseUnsubPath(input)).toBe(expected);
  });

  it.each([
    '/unsub/abc',
    '/unsub/',
    '/unsub',
    '/unsub/i2c/abc',
    '/resub/i2c/abc',
    '/unsub-success',
    '/campaigns',
    '/',
    '/unsub/abc/unsub',
  ])('%s is left alone', (input) => {
    expect(normaliseUnsubPath(input)).toBeNull();
  });
});

describe('isPublicRecipientPath', () => {
  it.each(['/unsub/abc', '/unsub/', '/unsub', '/unsub/i2c/abc', '/resub/i2c/abc', '/unsub-success'])(
    '%s is a recipient page',
    (path) => expect(isPublicRecipientPath(path)).toBe(true),
  );
  it.each(['/', '/campaigns', '/unsubscribe', '/resubmit'])('%s is not', (path) =>
    expect(isPublicRecipientPath(path)).toBe(false),
  );
});
