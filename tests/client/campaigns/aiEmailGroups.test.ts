import { describe, expect, it } from 'vitest';
import type { CampaignEmail } from '../../../domain/campaigns.ts';
import { aiEmailGroups } from '../../../src/modules/campaigns/utils/aiEmailGroups.ts';

const email = (id: number, generationId: number | null = null) =>
  ({ email_id: id, generation_id: generationId }) as CampaignEmail;

describe('aiEmailGroups', () => {
  it('keeps ordinary emails apart and groups variants by AI email, in the order they came', () => {
    const { ordinary, groups } = aiEmailGroups([email(1), email(2, 9), email(3, 4), email(4), email(5, 9)]);
    expect(ordinary.map((e) => e.email_id)).toEqual([1, 4]);
    expect(groups.map((g) => [g.generationId, g.emails.map((e) => e.email_id)])).toEqual([
      [9, [2, 5]],
      [4, [3]],
    ]);
  });
});
