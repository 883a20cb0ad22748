import { describe, expect, it } from 'vitest';
import { canonicalJson, draftFingerprint, type FingerprintCache } from '../../src/engine/draftFingerprint.ts';
import { EMPTY_META } from '../../src/engine/workflowDoc.ts';
import { sampleFlow } from './workflowFixtures.ts';

describe('draftFingerprint', () => {
  it('ignores key order and blank padding of the name, sees every content change', () => {
    const meta = { ...EMPTY_META, name: 'Flow' };
    const flow = sampleFlow();
    const reordered = Object.fromEntries(Object.entries(sampleFlow()).reverse());
    expect(draftFingerprint({ flow: reordered, meta: { ...meta, name: ' Flow ' } })).toBe(
      draftFingerprint({ flow, meta }),
    );
    const changed = sampleFlow();
    (changed.d1 as { detail: { title: string } }).detail.title = 'x';
    expect(draftFingerprint({ flow: changed, meta })).not.toBe(draftFingerprint({ flow, meta }));
    expect(draftFingerprint({ flow, meta: { ...meta, list_id: 3 } })).not.toBe(
      draftFingerprint({ flow, meta }),
    );
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: undefined }] })).toBe('{"a":[{"d":2}],"b":1}');
  });

  it('gives the same value with and without the per-node cache', () => {
    const cache: FingerprintCache = new WeakMap();
    const flow = sampleFlow();
    const plain = draftFingerprint({ flow, meta: EMPTY_META });
    expect(draftFingerprint({ flow, meta: EMPTY_META }, cache)).toBe(plain);
    expect(draftFingerprint({ flow, meta: EMPTY_META }, cache)).toBe(plain);
  });
});
