import { sql, type Transaction } from 'kysely';
import { CAMPAIGN_NAME_EXISTS, type CreateCampaignInput } from '../../../domain/campaignSchemas.ts';
import type { CampaignAdvancedSearch, Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import { checkSources } from '../content/articleListing.ts';
import type { Actor } from './Actor.ts';
import { campaignNameTaken } from './campaignQueries.ts';
import { foreignIds } from './foreignIds.ts';
import { lockOrganisation } from './lockOrganisation.ts';

type SourceList = { global: boolean; ids: number[] };

type AdvancedInput = Partial<
  Pick<CreateCampaignInput, 'advanced_search' | 'include_keywords' | 'exclude_keywords'> & {
    include_sources: SourceList;
    exclude_sources: SourceList;
  }
>;

/**
 * The campaign's stored advanced search: advanced_search merged with the four separate fields. Sources are
 * 'global' or ids, as the content explorer's advanced search names them (docs/campaigns.md).
 */
function campaignAdvancedSearch(input: AdvancedInput): CampaignAdvancedSearch {
  const advanced: CampaignAdvancedSearch = { ...(input.advanced_search ?? {}) };
  const sources = (list: SourceList | undefined) =>
    list ? [...(list.global ? (['global'] as const) : []), ...list.ids] : [];
  const merge = <K extends keyof CampaignAdvancedSearch>(key: K, extra: CampaignAdvancedSearch[K]) => {
    if (extra && extra.length > 0)
      advanced[key] = [...new Set([...(advanced[key] ?? []), ...extra])] as CampaignAdvancedSearch[K];
  };
  merge('include_sources', sources(input.include_sources));
  merge('exclude_sources', sources(input.exclude_sources));
  merge('include_keywords', input.include_keywords);
  merge('exclude_keywords', input.exclude_keywords);
  return advanced;
}

/**
 * create_campaign/ (and create_email/ with create_campaign_flag): a new campaign on top. A source of its
 * advanced search that is neither the global pool's nor the organisation's is not found (404).
 */
export async function createCampaignIn(
  trx: Transaction<Database>,
  user: Actor,
  input: Pick<CreateCampaignInput, 'campaign_name' | 'keywords' | 'contact_ids' | 'list_ids'> & AdvancedInput,
): Promise<number> {
  await lockOrganisation(trx, user.org_id);
  if (await campaignNameTaken(trx, user.org_id, input.campaign_name)) throw badRequest(CAMPAIGN_NAME_EXISTS);
  if ((await foreignIds(trx, 'contact_lists', user.org_id, input.list_ids)).length > 0)
    throw notFound('List not found.');
  if ((await foreignIds(trx, 'contacts', user.org_id, input.contact_ids)).length > 0)
    throw notFound('Contact not found.');
  const advanced = campaignAdvancedSearch(input);
  const sourceIds = [...(advanced.include_sources ?? []), ...(advanced.exclude_sources ?? [])].filter(
    (id): id is number => typeof id === 'number',
  );
  await checkSources(trx, user.org_id, sourceIds);
  const row = await trx
    .insertInto('campaigns')
    .values({
      org_id: user.org_id,
      user_id: user.id,
      name: input.campaign_name,
      keywords: input.keywords,
      advanced_search: JSON.stringify(advanced),
      position: sql<number>`(select coalesce(max(position), 0) + 1 from campaigns where org_id = ${user.org_id})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.list_ids.length > 0)
    await trx
      .insertInto('campaign_lists')
      .values(input.list_ids.map((list_id) => ({ campaign_id: row.id, list_id })))
      .execute();
  if (input.contact_ids.length > 0)
    await trx
      .insertInto('campaign_contacts')
      .values(input.contact_ids.map((contact_id) => ({ campaign_id: row.id, contact_id })))
      .execute();
  return row.id;
}
