import { describe, expect, it } from 'vitest';
import { workflowIdFrom } from '../../../src/router/automationRoutes.tsx';

describe('workflowIdFrom (the details address)', () => {
  it('reads a positive whole number', () => {
    expect(workflowIdFrom('31')).toBe(31);
    expect(workflowIdFrom('2147483647')).toBe(2_147_483_647);
  });

  it('anything else names no workflow', () => {
    for (const raw of [undefined, '', '0', '-3', '3.5', 'abc', '12abc', '2147483648', '99999999999']) {
      expect(workflowIdFrom(raw), String(raw)).toBeNull();
    }
  });
});
