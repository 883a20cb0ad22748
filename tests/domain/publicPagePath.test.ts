import { describe, expect, it } from 'vitest';
import { publicPagePath } from '../../domain/publicPagePath.ts';

const uuid = '5eedc0de-0001-4000-8000-000000000001';

describe('publicPagePath', () => {
  it.each([
    [`/unsub/${uuid}`, { page: 'preferences', unsubId: uuid }],
    [`/unsub/${uuid}/`, { page: 'preferences', unsubId: uuid }],
    [`/unsub/i2c/${uuid}`, { page: 'unsubscribe', unsubId: uuid }],
    [`/resub/i2c/${uuid}`, { page: 'resubscribe', unsubId: uuid }],
    ['/unsub-success', { page: 'success' }],
    ['/unsub/', { page: 'unsubscribe-without-id' }],
    ['/unsub', { page: 'unsubscribe-without-id' }],
    ['/unsub/i2c', { page: 'unknown' }],
    ['/unsub/<script>', { page: 'unknown' }],
    ['/elsewhere', { page: 'unknown' }],
  ])('%s', (path, expected) => {
    expect(publicPagePath(path)).toEqual(expected);
  });
});
