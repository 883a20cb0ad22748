import type { CampaignEmail } from '../../../../domain/campaigns.ts';

export type AiEmailGroup = { generationId: number; emails: CampaignEmail[] };

/**
 * A campaign's emails as its list shows them: the ordinary ones, then one group per AI email (its
 * variants, in the order they came), groups in the order of their first variant.
 */
export function aiEmailGroups(emails: readonly CampaignEmail[]): {
  ordinary: CampaignEmail[];
  groups: AiEmailGroup[];
} {
  const ordinary: CampaignEmail[] = [];
  const byGeneration = new Map<number, CampaignEmail[]>();
  for (const email of emails) {
    const id = email.generation_id;
    if (typeof id !== 'number') {
      ordinary.push(email);
      continue;
    }
    const group = byGeneration.get(id);
    if (group) group.push(email);
    else byGeneration.set(id, [email]);
  }
  return {
    ordinary,
    groups: [...byGeneration].map(([generationId, list]) => ({ generationId, emails: list })),
  };
}
