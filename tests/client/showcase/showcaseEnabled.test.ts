import { afterEach, describe, expect, it, vi } from 'vitest';
import { showcaseEnabled } from '../../../src/modules/showcase/showcaseEnabled.ts';

describe('showcaseEnabled', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is on in development', () => {
    vi.stubEnv('DEV', true);
    vi.stubEnv('VITE_QA_BUILD', '');
    expect(showcaseEnabled()).toBe(true);
  });

  it('is off in a production build, on in a QA build', () => {
    vi.stubEnv('DEV', false);
    vi.stubEnv('VITE_QA_BUILD', '');
    expect(showcaseEnabled()).toBe(false);
    vi.stubEnv('VITE_QA_BUILD', 'false');
    expect(showcaseEnabled()).toBe(false);
    vi.stubEnv('VITE_QA_BUILD', 'true');
    expect(showcaseEnabled()).toBe(true);
  });
});
