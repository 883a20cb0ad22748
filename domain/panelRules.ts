/**
 * Side panels and the dark overlay behind them (the overlays and panels each path opens). Pure rules; machines/panelsMachine.ts applies them.
 */
export const PANEL_NAMES = [
  'curation',
  'articlePreview',
  'detailProfile',
  'createContact',
  'createAsset',
  'createCampaign',
  'advancedSearch',
  'newList',
  'editContact',
  'exportPopup',
  'smallResolutionWarning',
] as const;
export type PanelName = (typeof PANEL_NAMES)[number];

/** The overlay's opacity. */
export const OVERLAY_OPACITY = 0.5;

const isCampaignPath = (path: string) => path === '/campaigns' || path.startsWith('/campaigns/');
const isAudiencePath = (path: string) => path.startsWith('/audiences');

export type OverlayClick = {
  /** Close every open panel and reset the panels' states. */
  closePanels: boolean;
  /** Reset the edit-contact state. */
  resetEditContact: boolean;
  /** Give the page its scrolling back. */
  restoreScroll: boolean;
};

/**
 * What a click on the overlay does, by path: on campaign paths (/campaigns, /campaigns/content...) it closes
 * open panels; on paths under /audiences it also resets the edit-contact state and restores page scrolling.
 * Elsewhere a click on the overlay closes the panels too, so no page can be left stuck behind it.
 */
export function overlayClick(path: string): OverlayClick {
  if (isAudiencePath(path)) return { closePanels: true, resetEditContact: true, restoreScroll: true };
  return { closePanels: true, resetEditContact: false, restoreScroll: isCampaignPath(path) };
}

/** Panels lock page scrolling on the routes whose panels slide over the page: campaigns and audiences. */
export function panelLocksScroll(path: string): boolean {
  return isCampaignPath(path) || isAudiencePath(path);
}
