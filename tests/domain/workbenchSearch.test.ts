import { describe, expect, it } from 'vitest';
import { canOpenSettingsPage, SETTINGS_PAGES, settingsPageOf } from '../../domain/settingsAccess.ts';
import { emailIdList, workbenchSearchSchema } from '../../domain/workbenchSearch.ts';

describe('workbenchSearchSchema', () => {
  it('defaults allCampaigns and exportPopup to false, and everything else to absent', () => {
    const search = workbenchSearchSchema.parse({});
    expect(search.allCampaigns).toBe(false);
    expect(search.exportPopup).toBe(false);
    expect(search.workflow_id).toBeUndefined();
    expect(search.show_back).toBeUndefined();
  });

  it('keeps ids as strings, whether the router parsed them as numbers or not', () => {
    const search = workbenchSearchSchema.parse({ campaign_id: 12, workflow_id: '0031', contact_id: ' 7 ' });
    expect(search).toMatchObject({ campaign_id: '12', workflow_id: '0031', contact_id: '7' });
  });

  it('reads every parameter the specs list', () => {
    const all = {
      workflow_id: '1',
      redirect: '/automation',
      list_id: '2',
      contact_id: '3',
      account_id: '4',
      group_id: '5',
      page_source: 'lists',
      buyer_stage_filter: 'aware',
      event_id: '6',
      access_id: '7',
      campaign_id: '8',
      email_id: '9,10',
      fs_id: '11',
      version_id: '12',
      article_id: '13',
      article_link: 'https://example.com/a',
      generation_id: '14',
      form_id: '15',
      fromId_analytics: '16',
      from: 'campaign',
      error: '403',
    };
    expect(workbenchSearchSchema.parse(all)).toMatchObject(all);
  });

  it('reads flags: true/"true"/"1" on; presence flags are on unless "false" or "0"', () => {
    expect(workbenchSearchSchema.parse({ allCampaigns: true, exportPopup: 'true' })).toMatchObject({
      allCampaigns: true,
      exportPopup: true,
    });
    expect(workbenchSearchSchema.parse({ allCampaigns: 'no', exportPopup: '1' })).toMatchObject({
      allCampaigns: false,
      exportPopup: true,
    });
    expect(workbenchSearchSchema.parse({ show_back: '', ai_email: 'false', test_email: 1 })).toMatchObject({
      show_back: true,
      ai_email: false,
      test_email: true,
    });
  });

  it('drops values of the wrong shape instead of failing', () => {
    const search = workbenchSearchSchema.parse({ campaign_id: { a: 1 }, from: ['x'], email_id: '' });
    expect(search.campaign_id).toBeUndefined();
    expect(search.from).toBeUndefined();
    expect(search.email_id).toBeUndefined();
  });
});

describe('emailIdList', () => {
  it('splits a comma list and drops blanks', () => {
    expect(emailIdList('12, 13,,14 ')).toEqual(['12', '13', '14']);
    expect(emailIdList('5')).toEqual(['5']);
    expect(emailIdList(undefined)).toEqual([]);
  });
});

describe('canOpenSettingsPage', () => {
  it('opens every settings page to everyone but the export widget page, which needs export_widget_permission', () => {
    for (const { page } of SETTINGS_PAGES) {
      expect(canOpenSettingsPage(page, { export_widget_permission: true })).toBe(true);
      expect(canOpenSettingsPage(page, { export_widget_permission: false })).toBe(page !== 'export_widget');
    }
  });

  it('reads the page from the address: none is the sender addresses, an unknown one is not found', () => {
    expect(settingsPageOf(undefined)).toBe('sender_addresses');
    expect(settingsPageOf('team')).toBe('team');
    expect(settingsPageOf('nowhere')).toBeNull();
  });
});
