import { type ActorRefFrom, assign, setup } from 'xstate';
import { overlayClick, type PanelName, panelLocksScroll } from '../domain/panelRules.ts';

export type PanelsContext = {
  path: string;
  open: PanelName[];
  /** The contact being edited in the audiences area, if any. */
  editContactId: string | null;
  /** Page scrolling is locked while a panel that locks it is open. */
  scrollLocked: boolean;
};

export type PanelsEvent =
  | { type: 'panel.open'; panel: PanelName }
  | { type: 'panel.close'; panel: PanelName }
  | { type: 'contact.edit'; contactId: string }
  | { type: 'overlay.click' }
  | { type: 'route.change'; path: string }
  | { type: 'panels.reset' };

/**
 * The open side panels of the signed-in app and the dark overlay behind them. The overlay shows while any
 * panel is open; a click on it follows the path's rule (domain/panelRules.ts); panels lock page
 * scrolling by route; leaving a page closes its panels.
 */
export const panelsMachine = setup({
  types: {
    context: {} as PanelsContext,
    events: {} as PanelsEvent,
    input: {} as { path: string },
  },
  actions: {
    openPanel: assign(({ context, event }) => {
      if (event.type !== 'panel.open' || context.open.includes(event.panel)) return {};
      return { open: [...context.open, event.panel], scrollLocked: panelLocksScroll(context.path) };
    }),
    closePanel: assign(({ context, event }) => {
      if (event.type !== 'panel.close') return {};
      const open = context.open.filter((panel) => panel !== event.panel);
      return { open, scrollLocked: open.length > 0 && context.scrollLocked };
    }),
    editContact: assign(({ event }) =>
      event.type === 'contact.edit' ? { editContactId: event.contactId } : {},
    ),
    clickOverlay: assign(({ context }) => {
      const rule = overlayClick(context.path);
      return {
        open: rule.closePanels ? [] : context.open,
        editContactId: rule.resetEditContact ? null : context.editContactId,
        scrollLocked: rule.restoreScroll || rule.closePanels ? false : context.scrollLocked,
      };
    }),
    changeRoute: assign(({ event }) =>
      event.type === 'route.change'
        ? { path: event.path, open: [], editContactId: null, scrollLocked: false }
        : {},
    ),
    reset: assign({ open: [], editContactId: null, scrollLocked: false }),
  },
}).createMachine({
  id: 'panels',
  context: ({ input }) => ({ path: input.path, open: [], editContactId: null, scrollLocked: false }),
  on: {
    'panel.open': { actions: 'openPanel' },
    'panel.close': { actions: 'closePanel' },
    'contact.edit': { actions: 'editContact' },
    'overlay.click': { actions: 'clickOverlay' },
    'route.change': { actions: 'changeRoute' },
    'panels.reset': { actions: 'reset' },
  },
});

export type PanelsActor = ActorRefFrom<typeof panelsMachine>;
