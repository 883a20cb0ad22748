import { describe, expect, it } from 'vitest';
import { compareBuilds, isChunkLoadError, moduleScriptsOf } from '../../domain/chunkLoadError.ts';

describe('isChunkLoadError', () => {
  it('knows how each browser and the bundler say that a screen’s code or styles could not be fetched', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/a-1.js',
      'error loading dynamically imported module: http://x/assets/a-1.js',
      'Importing a module script failed.',
      'Unable to preload CSS for http://x/assets/automation-D9nUq-ds.css',
      'Loading chunk 12 failed.',
      'Loading CSS chunk 3 failed.',
    ])
      expect(isChunkLoadError(new Error(message)), message).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
  });

  it('leaves every other failure alone', () => {
    for (const error of [
      new Error('Cannot read properties of undefined'),
      new TypeError('Failed to fetch'),
      null,
      'x',
    ])
      expect(isChunkLoadError(error)).toBe(false);
  });
});

describe('compareBuilds and moduleScriptsOf', () => {
  const page = (entry: string) =>
    `<!doctype html><head><script type="module" crossorigin src="/assets/${entry}"></script><link rel="stylesheet" href="/assets/index.css"></head>`;

  it('reads the module scripts of a page', () => {
    expect(moduleScriptsOf(page('index-A1.js'))).toEqual(['/assets/index-A1.js']);
    expect(
      moduleScriptsOf('<script src="/classic.js"></script><script type=module src=\'/m.js\'></script>'),
    ).toEqual(['/m.js']);
  });

  it('tells the build the tab runs from a newer deploy', () => {
    expect(compareBuilds(['/assets/index-A1.js'], moduleScriptsOf(page('index-A1.js')))).toBe('same-build');
    expect(compareBuilds(['/assets/index-A1.js'], moduleScriptsOf(page('index-B2.js')))).toBe('new-build');
    expect(compareBuilds(['/assets/index-A1.js'], [])).toBe('new-build');
  });
});
