import type { PreferenceFlag } from './preferenceMessages.ts';

/**
 * The preference page's form: built from the preference record the server
 * answers get_recipient_details/ with, changed by toggles, and turned back into update_preference/'s
 * fields. Pure: the preference form machine and the server renderer both use it.
 */

/** The preference record as the server sends it ("1"/"0" flags; a flag may be absent). */
export type PreferenceRecord = {
  /** The unsubscribe uuid. */
  id: string;
  email?: string | null;
  unsub_all?: PreferenceFlag;
  marketing?: PreferenceFlag;
  webinars?: PreferenceFlag;
  alerts?: ReadonlyArray<{ name: string; status: PreferenceFlag }>;
  news_letters?: ReadonlyArray<{ id: number; name: string; status: PreferenceFlag }>;
  logo_image_url?: string | null;
  organisation_name?: string | null;
};

export type PreferenceSection = 'marketing' | 'alerts' | 'newsletters' | 'webinars' | 'unsubAll';
export type PreferenceListSection = 'alerts' | 'newsletters';
export type PreferenceFlagSection = 'marketing' | 'webinars' | 'unsubAll';

/** The page's order of sections. */
export const PREFERENCE_SECTIONS: readonly PreferenceSection[] = [
  'marketing',
  'alerts',
  'newsletters',
  'webinars',
  'unsubAll',
];

/** A sub-option of Alerts (key: its name) or of Digests/Newsletters (key: its id). */
export type PreferenceOption = { key: string; label: string; on: boolean };

export type PreferenceForm = {
  unsubId: string;
  email: string | null;
  logoUrl: string | null;
  /** The sending organisation (its name stands for it on a page when it has no logo). */
  organisationName: string | null;
  /** A flag section absent from the record is null (not shown, never counted, sent as "0"). */
  marketing: boolean | null;
  webinars: boolean | null;
  unsubAll: boolean | null;
  alerts: PreferenceOption[];
  newsletters: PreferenceOption[];
};

/** update_preference/'s fields, every one a text. */
export type PreferencePayload = {
  unsub_uuid: string;
  unsub_all: PreferenceFlag;
  marketing: PreferenceFlag;
  /** JSON list of {name, status}. */
  alerts: string;
  /** Comma-separated ids of the newsletters switched on ("" for none). */
  news_letters_subscribed: string;
  webinars: PreferenceFlag;
};

const isOn = (flag: PreferenceFlag | undefined): boolean | null => (flag === undefined ? null : flag === '1');
const toFlag = (on: boolean | null): PreferenceFlag => (on ? '1' : '0');

export function preferenceFormFromRecord(record: PreferenceRecord): PreferenceForm {
  return {
    unsubId: record.id,
    email: record.email ? record.email : null,
    logoUrl: record.logo_image_url ? record.logo_image_url : null,
    organisationName: record.organisation_name ? record.organisation_name : null,
    marketing: isOn(record.marketing),
    webinars: isOn(record.webinars),
    unsubAll: isOn(record.unsub_all),
    alerts: (record.alerts ?? []).map((alert) => ({
      key: alert.name,
      label: alert.name,
      on: alert.status === '1',
    })),
    newsletters: (record.news_letters ?? []).map((letter) => ({
      key: String(letter.id),
      label: letter.name,
      on: letter.status === '1',
    })),
  };
}

function isListSection(section: PreferenceSection): section is PreferenceListSection {
  return section === 'alerts' || section === 'newsletters';
}

/** A section is shown only when it has data: a list when non-empty, a flag when the record has it. */
export function isSectionVisible(form: PreferenceForm, section: PreferenceSection): boolean {
  return isListSection(section) ? form[section].length > 0 : form[section] !== null;
}

/** The sections to show, in the page's order. */
export function visibleSections(form: PreferenceForm): PreferenceSection[] {
  return PREFERENCE_SECTIONS.filter((section) => isSectionVisible(form, section));
}

/** A list section's checkbox is checked only when all its sub-options are on (and it has some). */
export function isSectionChecked(form: PreferenceForm, section: PreferenceSection): boolean {
  if (isListSection(section)) {
    const options = form[section];
    return options.length > 0 && options.every((option) => option.on);
  }
  return form[section] === true;
}

/** A list section with some of its sub-options on, not all: its checkbox shows the mixed state. */
export function isSectionMixed(form: PreferenceForm, section: PreferenceSection): boolean {
  if (!isListSection(section)) return false;
  const on = form[section].filter((option) => option.on).length;
  return on > 0 && on < form[section].length;
}

/** Checking Unsubscribe All disables every other section. */
export function isSectionDisabled(form: PreferenceForm, section: PreferenceSection): boolean {
  return section !== 'unsubAll' && form.unsubAll === true;
}

/**
 * Toggles a section's checkbox. A list section turns all its sub-options on, or all off when they are
 * all on already. A hidden or disabled section does not change. Unchecking Unsubscribe All gives the
 * other sections back the values they held (they were only disabled, never cleared).
 */
export function toggleSection(form: PreferenceForm, section: PreferenceSection): PreferenceForm {
  if (!isSectionVisible(form, section) || isSectionDisabled(form, section)) return form;
  if (isListSection(section)) {
    const on = !isSectionChecked(form, section);
    return { ...form, [section]: form[section].map((option) => ({ ...option, on })) };
  }
  return { ...form, [section]: !form[section] };
}

/** Toggles one sub-option of Alerts (key: name) or Newsletters (key: id); unknown keys change nothing. */
export function toggleSubOption(
  form: PreferenceForm,
  section: PreferenceListSection,
  key: string,
): PreferenceForm {
  if (isSectionDisabled(form, section) || !form[section].some((option) => option.key === key)) return form;
  return {
    ...form,
    [section]: form[section].map((option) => (option.key === key ? { ...option, on: !option.on } : option)),
  };
}

/** True when any option is on; Unsubscribe All counts as one. */
export function hasAnyOptionOn(form: PreferenceForm): boolean {
  return (
    form.unsubAll === true ||
    form.marketing === true ||
    form.webinars === true ||
    form.alerts.some((option) => option.on) ||
    form.newsletters.some((option) => option.on)
  );
}

/**
 * update_preference/'s fields. With Unsubscribe All on, every other choice is sent off: that is what the
 * server stores (unsub_all switches everything off), so the request says what will be true.
 */
export function preferencePayload(form: PreferenceForm): PreferencePayload {
  const all = form.unsubAll === true;
  const keep = (on: boolean | null) => toFlag(!all && on);
  return {
    unsub_uuid: form.unsubId,
    unsub_all: toFlag(all),
    marketing: keep(form.marketing),
    alerts: JSON.stringify(form.alerts.map((option) => ({ name: option.key, status: keep(option.on) }))),
    news_letters_subscribed: all
      ? ''
      : form.newsletters
          .filter((option) => option.on)
          .map((option) => option.key)
          .join(','),
    webinars: keep(form.webinars),
  };
}
