import { type ActorRefFrom, assign, fromPromise, raise, setup } from 'xstate';
import {
  ADD_FAIL_RESET_MS,
  RECENT_MS,
  UNDO_CONFIRMATION_MS,
  UNDO_EXPIRED_TEXT,
  UNDO_MS,
} from '../domain/curationTimings.ts';

/** The edition (draft version of an email) articles are added to. */
export type CurationTarget = { versionId: number; emailId: number; campaignId: number | null };

/** What the `add` actor is given: curated_articles/ for these articles, in this order. */
export type CurationAddRequest = { target: CurationTarget; articleIds: number[] };

/** curated_articles/'s answer, as the machine keeps it. */
export type CurationAddResult = {
  articlesCount: number;
  lastUpdate: string | null;
  image: string | null;
  /** The given articles the edition already held (not added again). */
  alreadyCurated: number[];
};

/** What the `undo` actor is given: delete_curated_article/ for each article the add brought. */
export type CurationUndoRequest = { versionId: number; articleIds: number[] };
export type CurationUndoResult = { articlesCount: number };

/** The last add that brought articles: the card it went to, what it brought, the count after it. */
export type CurationLastAdd = {
  versionId: number;
  emailId: number;
  campaignId: number | null;
  addedIds: number[];
  articlesCount: number;
  image: string | null;
  lastUpdate: string | null;
};

/** A count the view patches into the edition card it has loaded (after an add or an undo). */
export type CurationCountPatch = { versionId: number; articlesCount: number; image: string | null };

export type CurationContext = {
  lastAdd: CurationLastAdd | null;
  /** The already-added notice: the articles the edition already held (every one of those given). */
  alreadyAdded: { versionId: number; articleIds: number[] } | null;
  /** The newest count of each edition card this machine changed, by version id. */
  counts: Record<string, CurationCountPatch>;
  /** The undo failed: the card is marked as failed to remove; cleared by the next try. */
  removeFailed: boolean;
  /** The add in flight (or the last one tried). */
  pendingAdd: CurationAddRequest | null;
};

export type CurationEvent =
  | { type: 'curation.add'; target: CurationTarget; articleIds: number[] }
  | { type: 'curation.undo' }
  | { type: 'curation.dismissNotice' }
  /** Internal: an add brought articles (the undo region starts over). */
  | { type: 'curation.added' };

/**
 * Curation into an edition: one machine per curation panel, all its timings.
 *
 * Parallel regions:
 * - `add`: idle -> adding (the `add` actor: curated_articles/) -> idle. An answer that brought articles
 *   patches the card's count and image and starts the `lastAdd` region over; an answer where every article
 *   was already there opens the already-added notice (nothing changes; `curation.dismissNotice` closes it);
 *   a failure goes to `failed` (the add-fail flag) for 3 s. An add while one is in flight is ignored.
 * - `lastAdd`: none -> recent (the card shows as newly created and recent, Undo offered) -> after 5 s
 *   undoable (Undo still offered) -> 30 s after the add, expired (the card reads '30 sec ago', no Undo).
 *   `curation.undo` while recent or undoable -> undoing (the `undo` actor removes what the add brought)
 *   -> undone (the count lowered, the image cleared; confirmation shown 3 s) -> none. A failed undo marks
 *   the card as failed to remove and offers Undo again for the rest of the 30 s. A newer add replaces the
 *   last one (only the newest add can be undone).
 *
 * `add` and `undo` are placeholders: the panel provides the real calls with `machine.provide`.
 */
export const curationMachine = setup({
  types: {
    context: {} as CurationContext,
    events: {} as CurationEvent,
  },
  actors: {
    add: fromPromise<CurationAddResult, CurationAddRequest>(async () => {
      throw new Error('curationMachine: no add actor was provided');
    }),
    undo: fromPromise<CurationUndoResult, CurationUndoRequest>(async () => {
      throw new Error('curationMachine: no undo actor was provided');
    }),
  },
  delays: {
    recent: RECENT_MS,
    restOfUndo: UNDO_MS - RECENT_MS,
    undoConfirmation: UNDO_CONFIRMATION_MS,
    addFailReset: ADD_FAIL_RESET_MS,
  },
  guards: {
    hasArticles: (_, params: { articleIds: number[] }) => params.articleIds.length > 0,
    broughtNothing: ({ context }, params: { result: CurationAddResult }) => {
      const already = new Set(params.result.alreadyCurated);
      return (context.pendingAdd?.articleIds ?? []).every((id) => already.has(id));
    },
  },
  actions: {
    takeAdd: assign({
      pendingAdd: (_, params: { target: CurationTarget; articleIds: number[] }) => ({
        target: { ...params.target },
        articleIds: [...params.articleIds],
      }),
    }),
    keepAdd: assign(({ context }, params: { result: CurationAddResult }) => {
      const request = context.pendingAdd;
      if (!request) return {};
      const { result } = params;
      const already = new Set(result.alreadyCurated);
      const { versionId } = request.target;
      return {
        lastAdd: {
          ...request.target,
          addedIds: request.articleIds.filter((id) => !already.has(id)),
          articlesCount: result.articlesCount,
          image: result.image,
          lastUpdate: result.lastUpdate,
        },
        alreadyAdded:
          result.alreadyCurated.length > 0 ? { versionId, articleIds: [...result.alreadyCurated] } : null,
        counts: {
          ...context.counts,
          [versionId]: { versionId, articlesCount: result.articlesCount, image: result.image },
        },
        removeFailed: false,
      };
    }),
    openAlreadyAdded: assign({
      alreadyAdded: ({ context }, params: { result: CurationAddResult }) => ({
        versionId: context.pendingAdd?.target.versionId ?? 0,
        articleIds: [...params.result.alreadyCurated],
      }),
    }),
    closeNotice: assign({ alreadyAdded: () => null }),
    announceAdded: raise({ type: 'curation.added' }),
    keepUndo: assign(({ context }, params: { result: CurationUndoResult }) => {
      const last = context.lastAdd;
      if (!last) return {};
      return {
        lastAdd: { ...last, articlesCount: params.result.articlesCount, image: null },
        counts: {
          ...context.counts,
          [last.versionId]: {
            versionId: last.versionId,
            articlesCount: params.result.articlesCount,
            image: null,
          },
        },
        removeFailed: false,
      };
    }),
    markRemoveFailed: assign({ removeFailed: () => true }),
    clearRemoveFailed: assign({ removeFailed: () => false }),
    forgetLastAdd: assign({ lastAdd: () => null }),
  },
}).createMachine({
  id: 'curation',
  type: 'parallel',
  context: { lastAdd: null, alreadyAdded: null, counts: {}, removeFailed: false, pendingAdd: null },
  states: {
    add: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'curation.add': {
              guard: { type: 'hasArticles', params: ({ event }) => ({ articleIds: event.articleIds }) },
              target: 'adding',
              actions: [
                'closeNotice',
                {
                  type: 'takeAdd',
                  params: ({ event }) => ({ target: event.target, articleIds: event.articleIds }),
                },
              ],
            },
            'curation.dismissNotice': { actions: 'closeNotice' },
          },
        },
        adding: {
          invoke: {
            id: 'add',
            src: 'add',
            input: ({ context }) => ({
              target: context.pendingAdd?.target ?? { versionId: 0, emailId: 0, campaignId: null },
              articleIds: [...(context.pendingAdd?.articleIds ?? [])],
            }),
            onDone: [
              {
                guard: { type: 'broughtNothing', params: ({ event }) => ({ result: event.output }) },
                target: 'idle',
                actions: { type: 'openAlreadyAdded', params: ({ event }) => ({ result: event.output }) },
              },
              {
                target: 'idle',
                actions: [
                  { type: 'keepAdd', params: ({ event }) => ({ result: event.output }) },
                  'announceAdded',
                ],
              },
            ],
            onError: { target: 'failed' },
          },
        },
        failed: {
          after: { addFailReset: { target: 'idle' } },
        },
      },
    },
    lastAdd: {
      initial: 'none',
      on: { 'curation.added': { target: '.recent', reenter: true } },
      states: {
        none: {},
        recent: {
          after: { recent: { target: 'undoable' } },
          on: { 'curation.undo': { target: 'undoing' } },
        },
        undoable: {
          after: { restOfUndo: { target: 'expired' } },
          on: { 'curation.undo': { target: 'undoing' } },
        },
        expired: {},
        undoing: {
          entry: 'clearRemoveFailed',
          invoke: {
            id: 'undo',
            src: 'undo',
            input: ({ context }) => ({
              versionId: context.lastAdd?.versionId ?? 0,
              articleIds: [...(context.lastAdd?.addedIds ?? [])],
            }),
            onDone: {
              target: 'undone',
              actions: { type: 'keepUndo', params: ({ event }) => ({ result: event.output }) },
            },
            onError: { target: 'undoable', actions: 'markRemoveFailed' },
          },
        },
        undone: {
          after: { undoConfirmation: { target: 'none', actions: 'forgetLastAdd' } },
        },
      },
    },
  },
});

export type CurationActor = ActorRefFrom<typeof curationMachine>;
export type CurationSnapshot = ReturnType<CurationActor['getSnapshot']>;

/** What an edition card shows of the machine ("Email / edition list item" transient flags). */
export type CurationCardFlags = {
  newlyCreated: boolean;
  recent: boolean;
  showUndo: boolean;
  undoing: boolean;
  undone: boolean;
  /** '30 sec ago' once the undo window has passed, else null. */
  agoText: string | null;
  removeFailed: boolean;
  recentlyAddedArticles: number[];
};

const NO_FLAGS: CurationCardFlags = {
  newlyCreated: false,
  recent: false,
  showUndo: false,
  undoing: false,
  undone: false,
  agoText: null,
  removeFailed: false,
  recentlyAddedArticles: [],
};

/** The flags of one edition card (by version id) in a snapshot of the machine. */
export function curationCardFlags(snapshot: CurationSnapshot, versionId: number): CurationCardFlags {
  const last = snapshot.context.lastAdd;
  if (!last || last.versionId !== versionId) return NO_FLAGS;
  const state = (snapshot.value as { lastAdd: string }).lastAdd;
  const offered = state === 'recent' || state === 'undoable';
  return {
    newlyCreated: state !== 'none' && state !== 'undone',
    recent: state === 'recent',
    showUndo: offered,
    undoing: state === 'undoing',
    undone: state === 'undone',
    agoText: state === 'expired' ? UNDO_EXPIRED_TEXT : null,
    removeFailed: snapshot.context.removeFailed,
    recentlyAddedArticles: state === 'undone' ? [] : last.addedIds,
  };
}

/** The add-fail flag: set by a failed add, reset after 3 s. */
export function curationAddFailed(snapshot: CurationSnapshot): boolean {
  return (snapshot.value as { add: string }).add === 'failed';
}

/** True while an add is in flight (the Add button is busy). */
export function curationAdding(snapshot: CurationSnapshot): boolean {
  return (snapshot.value as { add: string }).add === 'adding';
}
