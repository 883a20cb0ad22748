import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignDetails } from '../../../domain/campaigns.ts';
import type { ExportWidgetSettings } from '../../../domain/promotionCodes.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import { campaignApi } from '../../../src/api/campaignApi.ts';
import { type PublishApi, publishApi } from '../../../src/api/publishApi.ts';
import { CampaignsPage } from '../../../src/modules/campaigns/components/CampaignsPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { parsePlainSearch, stringifyPlainSearch } from '../../../src/router/plainSearch.ts';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';
import { campaign } from './campaignFixtures.ts';
import '../jsdomDialog.ts';

afterEach(cleanup);
const SLOW = { timeout: 5000 };

const details = (): CampaignDetails => ({
  ...campaign(3),
  keywords: [],
  advanced_search: {},
  content_sources: { include: [], exclude: [] },
  list_ids: [],
  contact_ids: [],
  emails: { draft: [], sent: [], test: [], scheduled: [], all: [] },
  graph: [],
});

const widget = (codes: string[]): ExportWidgetSettings => ({
  campaign_id: 3,
  promotion_codes: codes,
  widget_id: 'AbCdEfGhIjKlMnOpQrStUv',
  widget_url: 'https://app.test/widget/AbCdEfGhIjKlMnOpQrStUv',
  embed_code: '<iframe src="https://app.test/widget/AbCdEfGhIjKlMnOpQrStUv" title="x"></iframe>',
  latest_edition: { version_id: 9, subject: 'Spring news &#128640;', sent_at: '2026-11-01T09:00:00.000Z' },
});

function renderPage(permission: boolean, stubs: Partial<PublishApi>, at: string) {
  const root = createRootRoute();
  const route = createRoute({
    getParentRoute: () => root,
    path: '/campaigns/{-$page}/{-$tab}/{-$subTab}',
    component: function Campaigns() {
      const params = route.useParams() as { page?: string };
      return <CampaignsPage page={params.page} canExportWidget={permission} />;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [at] }),
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
  });
  render(
    <ServicesContext.Provider
      value={{
        ...appServices,
        campaignApi: { ...campaignApi, details: async () => details() },
        publishApi: { ...publishApi, ...stubs },
      }}
    >
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ServicesContext.Provider>,
  );
  return router;
}

describe('Promo export widget dialog', () => {
  it('opens from the campaign page, puts ?exportPopup=true in the address, saves checked codes, copies the code', async () => {
    const getExportWidget = vi.fn(async () => widget(['SPRING-25']));
    const saveExportWidget = vi.fn(async (input: { promotionCodes: string[] }) =>
      widget(input.promotionCodes),
    );
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const router = renderPage(
      true,
      { getExportWidget, saveExportWidget },
      '/campaigns/campaign?campaign_id=3',
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Export widget' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Promo export widget' });
    // The plain search of this router reads every value as text.
    await waitFor(() => expect(router.state.location.search).toMatchObject({ exportPopup: 'true' }));
    expect(getExportWidget).toHaveBeenCalledWith(3, expect.anything());
    const codes = await within(dialog).findByLabelText('Promotion codes');
    expect((codes as HTMLTextAreaElement).value).toBe('SPRING-25');
    expect(within(dialog).getByTestId('export-widget-latest').textContent).toContain('“Spring news 🚀”');

    // A bad code is refused on the field, nothing is sent.
    fireEvent.change(codes, { target: { value: 'SPRING-25\n<b>50% off</b>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save codes' }));
    expect(await within(dialog).findByText(/is not a promotion code/)).toBeTruthy();
    expect(codes.getAttribute('aria-invalid')).toBe('true');
    expect(saveExportWidget).not.toHaveBeenCalled();

    // Good codes are sent trimmed and unique; the field shows what the server kept.
    fireEvent.change(codes, { target: { value: ' SPRING-25 \n\nvip, spring-25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save codes' }));
    await waitFor(() =>
      expect(saveExportWidget).toHaveBeenCalledWith(
        { campaignId: 3, promotionCodes: ['SPRING-25', 'vip'] },
        expect.anything(),
      ),
    );
    expect(await within(dialog).findByText(/Codes saved/)).toBeTruthy();
    expect((codes as HTMLTextAreaElement).value).toBe('SPRING-25\nvip');

    // The embed code, copied.
    expect((within(dialog).getByLabelText('Embed code') as HTMLTextAreaElement).value).toContain(
      '<iframe src=',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy the code' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(widget([]).embed_code));
    expect(await within(dialog).findByText(/Copied/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Open the widget' }).getAttribute('href')).toBe(
      widget([]).widget_url,
    );

    // Closing takes exportPopup out of the address.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('exportPopup'));
  });

  it('shows a server refusal of the codes on the field', async () => {
    const saveExportWidget = vi.fn(async () => {
      throw new ApiError({ kind: 'http', status: 400, message: 'At most 20 promotion codes (you gave 21).' });
    });
    renderPage(
      true,
      { getExportWidget: async () => widget([]), saveExportWidget },
      '/campaigns/campaign?campaign_id=3&exportPopup=true',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Promo export widget' }, SLOW);
    const codes = await within(dialog).findByLabelText('Promotion codes');
    fireEvent.change(codes, { target: { value: 'A1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save codes' }));
    expect(await within(dialog).findByText('At most 20 promotion codes (you gave 21).')).toBeTruthy();
  });

  it('without export_widget_permission: no button, and the linked dialog explains and asks nothing', async () => {
    const getExportWidget = vi.fn(async () => widget([]));
    renderPage(false, { getExportWidget }, '/campaigns/campaign?campaign_id=3&exportPopup=true');
    const dialog = await screen.findByRole('dialog', { name: 'Promo export widget' }, SLOW);
    expect(within(dialog).getByText('You do not have the export widget permission')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export widget' })).toBeNull();
    expect(within(dialog).queryByLabelText('Promotion codes')).toBeNull();
    expect(getExportWidget).not.toHaveBeenCalled();
  });
});
