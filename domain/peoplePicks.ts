/**
 * Choosing people from groups (the audience's Find and Add screens): the recommended group, searched
 * groups (one per search term) and dynamic groups (everyone of an industry or a designation, as it is
 * when the choice is applied). React-free rules; every function returns a new value.
 *
 * - Select all in a group chooses every member of it, also those not loaded, except the ones unticked
 *   afterwards (its exclusions). Unselect all drops the group's select-all and unticks its loaded rows.
 * - A person ticked one by one is chosen whatever group shows them. Unticking a person unticks them
 *   everywhere: out of the one-by-one ids and excluded from every selected-all group that holds them.
 * - A search term's select-all is kept when the search changes (it is its own group), so two searches can
 *   each be chosen whole.
 */

export const DYNAMIC_CATEGORIES = ['industry', 'designations'] as const;
export type DynamicCategory = (typeof DYNAMIC_CATEGORIES)[number];

export type PickGroup =
  | { kind: 'recommended' }
  | { kind: 'search'; term: string }
  | { kind: 'dynamic'; category: DynamicCategory; value: string };

export type WholeGroup = { group: PickGroup; excluded: readonly number[] };

export type PeoplePicks = {
  /** People ticked one by one. */
  ids: readonly number[];
  /** Groups chosen whole, each with the people unticked since. */
  whole: readonly WholeGroup[];
};

export const NO_PICKS: PeoplePicks = { ids: [], whole: [] };

/** One key per group (a search term in any case is one group). */
export function groupKey(group: PickGroup): string {
  if (group.kind === 'recommended') return 'recommended';
  if (group.kind === 'search') return `search:${group.term.trim().toLowerCase()}`;
  return `dynamic:${group.category}:${group.value}`;
}

const sameGroup = (a: PickGroup, b: PickGroup) => groupKey(a) === groupKey(b);
const without = (list: readonly number[], id: number) => list.filter((x) => x !== id);
const withId = (list: readonly number[], id: number) => (list.includes(id) ? list : [...list, id]);

/** The group chosen whole, or undefined. */
export function wholeOf(picks: PeoplePicks, group: PickGroup): WholeGroup | undefined {
  return picks.whole.find((w) => sameGroup(w.group, group));
}

/** Select all: the whole group, none excluded (the people ticked one by one stay). */
export function selectAll(picks: PeoplePicks, group: PickGroup): PeoplePicks {
  if (group.kind === 'search' && group.term.trim() === '') return picks;
  return {
    ids: picks.ids,
    whole: [...picks.whole.filter((w) => !sameGroup(w.group, group)), { group, excluded: [] }],
  };
}

/** Unselect all: the group is no longer chosen whole, and its loaded rows are unticked. */
export function unselectAll(picks: PeoplePicks, group: PickGroup, loadedIds: readonly number[]): PeoplePicks {
  const loaded = new Set(loadedIds);
  return {
    ids: picks.ids.filter((id) => !loaded.has(id)),
    whole: picks.whole.filter((w) => !sameGroup(w.group, group)),
  };
}

/**
 * Whether a person is chosen: ticked one by one, or a member (`holding`: the groups shown holding them)
 * of a group chosen whole that has not excluded them.
 */
export function isPicked(picks: PeoplePicks, id: number, holding: readonly PickGroup[]): boolean {
  if (picks.ids.includes(id)) return true;
  return holding.some((group) => {
    const whole = wholeOf(picks, group);
    return whole !== undefined && !whole.excluded.includes(id);
  });
}

/** Tick or untick one person, shown in the groups `holding` them. */
export function togglePerson(
  picks: PeoplePicks,
  id: number,
  holding: readonly PickGroup[],
  on: boolean,
): PeoplePicks {
  const holds = (w: WholeGroup) => holding.some((group) => sameGroup(group, w.group));
  if (on) {
    const covered = picks.whole.some((w) => holds(w));
    return {
      // Back in every group that excluded them; ticked one by one when no group chosen whole holds them.
      ids: covered ? picks.ids : withId(picks.ids, id),
      whole: picks.whole.map((w) => (holds(w) ? { ...w, excluded: without(w.excluded, id) } : w)),
    };
  }
  return {
    ids: without(picks.ids, id),
    whole: picks.whole.map((w) => (holds(w) ? { ...w, excluded: withId(w.excluded, id) } : w)),
  };
}

/** The header box of a group: all chosen, some, or none (of what is loaded, for a group not chosen whole). */
export function groupState(
  picks: PeoplePicks,
  group: PickGroup,
  loadedIds: readonly number[],
): 'all' | 'some' | 'none' {
  const whole = wholeOf(picks, group);
  if (whole) return whole.excluded.length === 0 ? 'all' : 'some';
  return loadedIds.some((id) => picks.ids.includes(id)) ? 'some' : 'none';
}

export function hasPicks(picks: PeoplePicks): boolean {
  return picks.ids.length > 0 || picks.whole.length > 0;
}

/** What the server takes (add_picks_to_list/ picks). */
export type PicksPayload = {
  contact_ids: number[];
  groups: (PickGroup & { excluded_ids: number[] })[];
};

export function picksPayload(picks: PeoplePicks): PicksPayload {
  return {
    contact_ids: [...picks.ids],
    groups: picks.whole.map((w) => ({ ...w.group, excluded_ids: [...w.excluded] })),
  };
}

/** A group's name on the screen. */
export function groupLabel(group: PickGroup): string {
  if (group.kind === 'recommended') return 'Recommended';
  if (group.kind === 'search') return `Matching “${group.term.trim()}”`;
  return `${group.category === 'industry' ? 'Industry' : 'Role'}: ${group.value}`;
}
