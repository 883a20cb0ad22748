import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { OVERLAY_OPACITY, overlayClick, panelLocksScroll } from '../../domain/panelRules.ts';
import { panelsMachine } from '../../machines/panelsMachine.ts';

const start = (path: string) => createActor(panelsMachine, { input: { path } }).start();

describe('panel rules', () => {
  it('closes panels on campaign paths and also resets edit-contact and scrolling under /audiences', () => {
    expect(overlayClick('/campaigns')).toEqual({
      closePanels: true,
      resetEditContact: false,
      restoreScroll: true,
    });
    expect(overlayClick('/campaigns/content/source')).toMatchObject({
      closePanels: true,
      resetEditContact: false,
    });
    expect(overlayClick('/audiences/lists/view')).toEqual({
      closePanels: true,
      resetEditContact: true,
      restoreScroll: true,
    });
    expect(overlayClick('/analytics')).toMatchObject({ resetEditContact: false });
    expect(OVERLAY_OPACITY).toBe(0.5);
  });

  it('locks page scrolling by route', () => {
    expect(panelLocksScroll('/campaigns/editionedit')).toBe(true);
    expect(panelLocksScroll('/audiences')).toBe(true);
    expect(panelLocksScroll('/analytics/contacts')).toBe(false);
    expect(panelLocksScroll('/campaignsx')).toBe(false);
  });
});

describe('panelsMachine', () => {
  it('an open panel on a campaign path locks scrolling; the overlay click closes it and gives scrolling back', () => {
    const actor = start('/campaigns');
    actor.send({ type: 'panel.open', panel: 'curation' });
    actor.send({ type: 'panel.open', panel: 'articlePreview' });
    expect(actor.getSnapshot().context).toMatchObject({
      open: ['curation', 'articlePreview'],
      scrollLocked: true,
    });
    actor.send({ type: 'overlay.click' });
    expect(actor.getSnapshot().context).toMatchObject({ open: [], scrollLocked: false });
  });

  it('under /audiences the overlay click also resets the edit-contact state', () => {
    const actor = start('/audiences/people');
    actor.send({ type: 'contact.edit', contactId: '42' });
    actor.send({ type: 'panel.open', panel: 'editContact' });
    expect(actor.getSnapshot().context).toMatchObject({ editContactId: '42', scrollLocked: true });
    actor.send({ type: 'overlay.click' });
    expect(actor.getSnapshot().context).toMatchObject({ open: [], editContactId: null, scrollLocked: false });
  });

  it('on campaign paths the edit-contact state survives the overlay click', () => {
    const actor = start('/campaigns');
    actor.send({ type: 'contact.edit', contactId: '7' });
    actor.send({ type: 'panel.open', panel: 'detailProfile' });
    actor.send({ type: 'overlay.click' });
    expect(actor.getSnapshot().context).toMatchObject({ open: [], editContactId: '7' });
  });

  it('does not lock scrolling on other routes, and closing the last panel unlocks it', () => {
    const other = start('/analytics');
    other.send({ type: 'panel.open', panel: 'exportPopup' });
    expect(other.getSnapshot().context).toMatchObject({ open: ['exportPopup'], scrollLocked: false });
    const campaigns = start('/campaigns');
    campaigns.send({ type: 'panel.open', panel: 'createCampaign' });
    campaigns.send({ type: 'panel.close', panel: 'createCampaign' });
    expect(campaigns.getSnapshot().context).toMatchObject({ open: [], scrollLocked: false });
  });

  it('leaving the page closes its panels and a reset drops everything', () => {
    const actor = start('/campaigns');
    actor.send({ type: 'panel.open', panel: 'newList' });
    actor.send({ type: 'route.change', path: '/audiences' });
    expect(actor.getSnapshot().context).toMatchObject({ path: '/audiences', open: [], scrollLocked: false });
    actor.send({ type: 'contact.edit', contactId: '1' });
    actor.send({ type: 'panels.reset' });
    expect(actor.getSnapshot().context).toMatchObject({ open: [], editContactId: null });
  });
});
