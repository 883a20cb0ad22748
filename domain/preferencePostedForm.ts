import {
  isSectionChecked,
  type PreferenceForm,
  type PreferenceListSection,
  type PreferenceSection,
} from './preferenceForm.ts';

/**
 * The preference page as a plain HTML form (JavaScript off): the names its checkboxes post under, and the
 * pure rule that turns a post back into the held form. With scripts off nothing ties a section checkbox to
 * its sub-options in the browser, so the server decides:
 * - a flag section (Marketing, Webinars/Events, Unsubscribe All) is on when its `section` value is posted;
 * - a list section (Alerts, Digests/Newsletters): when its section checkbox was changed (posted state differs
 *   from the state it was rendered with, which the page sends in `sections_rendered_checked`) the section
 *   checkbox wins and turns every sub-option on or off, as toggling it does with JavaScript on; otherwise
 *   each sub-option is on when its `alert` (name) or `newsletter` (id) value is posted.
 * Unsubscribe All on switches everything off when saved (preferencePayload), exactly as with scripts on.
 */
export const POSTED_FIELDS = {
  section: 'section',
  renderedChecked: 'sections_rendered_checked',
  alert: 'alert',
  newsletter: 'newsletter',
} as const;

/** A form post as @fastify/formbody parses it: a repeated name gives a list. */
export type PostedFields = Record<string, string | string[] | undefined>;

function values(fields: PostedFields, name: string): Set<string> {
  const raw = fields[name];
  if (raw === undefined) return new Set();
  return new Set(Array.isArray(raw) ? raw : [raw]);
}

const LIST_SECTIONS: readonly PreferenceListSection[] = ['alerts', 'newsletters'];
const OPTION_FIELD: Record<PreferenceListSection, string> = {
  alerts: POSTED_FIELDS.alert,
  newsletters: POSTED_FIELDS.newsletter,
};

/** The list sections whose checkbox is rendered checked: the page posts them back to tell a change. */
export function renderedCheckedSections(form: PreferenceForm): PreferenceListSection[] {
  return LIST_SECTIONS.filter((section) => isSectionChecked(form, section));
}

/** The held form after a plain post: `form` is the recipient's record as the page was rendered from. */
export function preferenceFormFromPost(form: PreferenceForm, fields: PostedFields): PreferenceForm {
  const sections = values(fields, POSTED_FIELDS.section);
  const renderedChecked = values(fields, POSTED_FIELDS.renderedChecked);
  const flag = (section: PreferenceSection, current: boolean | null) =>
    current === null ? null : sections.has(section);
  const list = (section: PreferenceListSection) => {
    const checkedNow = sections.has(section);
    const sectionChanged = checkedNow !== renderedChecked.has(section);
    const posted = values(fields, OPTION_FIELD[section]);
    return form[section].map((option) => ({
      ...option,
      on: sectionChanged ? checkedNow : posted.has(option.key),
    }));
  };
  return {
    ...form,
    marketing: flag('marketing', form.marketing),
    webinars: flag('webinars', form.webinars),
    unsubAll: flag('unsubAll', form.unsubAll),
    alerts: list('alerts'),
    newsletters: list('newsletters'),
  };
}
