import { describe, expect, it } from 'vitest';
import { canonicalJson, type FingerprintCache } from '../../src/engine/draft/fingerprint.ts';
import { EMPTY_META } from '../../src/engine/workflowDoc.ts';
import { workflowFingerprint } from '../../src/engine/workflowFingerprint.ts';
import { sampleFlow } from './workflowFixtures.ts';

describe('workflowFingerprint', () => {
  it('ignores key order and blank padding of the name, sees every content change', () => {
    const meta = { ...EMPTY_META, name: 'Flow' };
    const flow = sampleFlow();
    const reordered = Object.fromEntries(Object.entries(sampleFlow()).reverse());
    expect(workflowFingerprint({ flow: reordered, meta: { ...meta, name: ' Flow ' } })).toBe(
      workflowFingerprint({ flow, meta }),
    );
    const changed = sampleFlow();
    (changed.d1 as { detail: { title: string } }).detail.title = 'x';
    expect(workflowFingerprint({ flow: changed, meta })).not.toBe(workflowFingerprint({ flow, meta }));
    expect(workflowFingerprint({ flow, meta: { ...meta, list_id: 3 } })).not.toBe(
      workflowFingerprint({ flow, meta }),
    );
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: undefined }] })).toBe('{"a":[{"d":2}],"b":1}');
  });

  it('gives the same value with and without the per-node cache', () => {
    const cache: FingerprintCache = new WeakMap();
    const flow = sampleFlow();
    const plain = workflowFingerprint({ flow, meta: EMPTY_META });
    expect(workflowFingerprint({ flow, meta: EMPTY_META }, cache)).toBe(plain);
    expect(workflowFingerprint({ flow, meta: EMPTY_META }, cache)).toBe(plain);
  });
});
