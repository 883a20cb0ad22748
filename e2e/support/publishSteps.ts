import { expect, type Page } from '@playwright/test';
import { everyKindDesign } from '../../tests/server/publish/designFixtures.ts';

/** POSTs a form to the API as the signed-in page's person (with its CSRF token); answers `data`. */
export async function apiPost<T>(page: Page, url: string, form: Record<string, string | number>): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('csrf_token'));
  const response = await page.request.post(url, { form, headers: { 'X-CSRFToken': token ?? '' } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/**
 * A campaign named `name` (for these lists, if any) with one ad hoc email whose edition is designed
 * (every kind of block, ready to send) and named `editionName`; answers the ids and its Publish address.
 */
export async function designedEdition(
  page: Page,
  name: string,
  options: { editionName: string; listIds?: number[] },
) {
  const campaign = await apiPost<{ campaign_id: number }>(page, '/api/campaign/create_campaign/', {
    campaign_name: name,
    ...(options.listIds ? { list_ids: options.listIds.join(',') } : {}),
  });
  const email = await apiPost<{ email_id: number; editions: { version_id: number }[] }>(
    page,
    '/api/campaign/create_email/',
    { email_name: `${name} email`, campaign_id: campaign.campaign_id, email_type: 1 },
  );
  const versionId = email.editions[0]?.version_id as number;
  await apiPost(page, '/api/publish/design/save/', {
    version_id: versionId,
    version_name: options.editionName,
    design: JSON.stringify(everyKindDesign()),
  });
  return {
    campaignId: campaign.campaign_id,
    emailId: email.email_id,
    versionId,
    publishAddress: `/campaigns/editionedit/publish/?campaign_id=${campaign.campaign_id}&email_id=${email.email_id}&version_id=${versionId}`,
  };
}

/** A new list named `name` holding the first `count` people of the audience; answers its id. */
export async function listOfPeople(page: Page, name: string, count: number): Promise<number> {
  const people = await page.request.get('/api/audience/people_listing/', {
    params: { tab: 'all', offset: 0, limit: count },
  });
  const rows = ((await people.json()) as { data: { contact_id: number }[] }).data;
  const list = await apiPost<{ list_id: number }>(page, '/api/audience/create_list/', { list_name: name });
  await apiPost(page, '/api/audience/add_to_list/', {
    list_id: list.list_id,
    contact_ids: rows.map((r) => r.contact_id).join(','),
  });
  return list.list_id;
}
