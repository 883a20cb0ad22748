import { useLayoutEffect, useRef } from 'react';
import {
  isSectionChecked,
  isSectionDisabled,
  isSectionMixed,
  type PreferenceForm,
  type PreferenceListSection,
  type PreferenceSection,
} from '../domain/preferenceForm.ts';
import { POSTED_FIELDS } from '../domain/preferencePostedForm.ts';
import { PREFERENCE_SECTION_TEXTS } from './preferenceSectionTexts.ts';

export type PreferenceSectionFieldProps = {
  form: PreferenceForm;
  section: PreferenceSection;
  /** False while loading or saving. */
  editable: boolean;
  /**
   * True once scripts run: Unsubscribe All then disables the other sections (a script re-enables them).
   * In the server's HTML every field stays usable, so the plain form works with JavaScript off.
   */
  linked: boolean;
  onToggle: (section: PreferenceSection) => void;
  onToggleSub: (section: PreferenceListSection, key: string) => void;
};

/** One section of the preference page: its checkbox, its text and (Alerts, Newsletters) its sub-options. */
export function PreferenceSectionField({
  form,
  section,
  editable,
  linked,
  onToggle,
  onToggleSub,
}: PreferenceSectionFieldProps) {
  const { title, text } = PREFERENCE_SECTION_TEXTS[section];
  const disabled = !editable || (linked && isSectionDisabled(form, section));
  const id = `pp-section-${section}`;
  const options = section === 'alerts' || section === 'newsletters' ? form[section] : [];
  // Some of its options on, not all: the box shows a dash ("mixed"). The server's HTML marks it for the
  // style sheet and says it in words (a checkbox's mixed state exists only for scripts); once the script
  // runs, the box's own indeterminate state says it.
  const mixed = isSectionMixed(form, section);
  const box = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  });
  return (
    <fieldset className={`pp-section${disabled ? ' pp-section--disabled' : ''}`} disabled={disabled}>
      <legend className="pp-visually-hidden">{title}</legend>
      <div className="pp-section__head">
        <input
          ref={box}
          id={id}
          className="pp-checkbox"
          type="checkbox"
          name={POSTED_FIELDS.section}
          value={section}
          data-mixed={mixed || undefined}
          checked={isSectionChecked(form, section)}
          disabled={disabled}
          aria-describedby={`${id}-text`}
          onChange={() => onToggle(section)}
        />
        <div>
          <label htmlFor={id} className="pp-section__title">
            {title}
          </label>
          <p id={`${id}-text`} className="pp-section__text">
            {text}
            {mixed && !linked ? <span className="pp-visually-hidden"> Some of these are chosen.</span> : null}
          </p>
        </div>
      </div>
      {options.length > 0 && (section === 'alerts' || section === 'newsletters') ? (
        <ul className="pp-options">
          {options.map((option) => {
            const optionId = `${id}-${option.key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
            return (
              <li key={option.key} className="pp-option">
                <input
                  id={optionId}
                  className="pp-checkbox pp-checkbox--small"
                  type="checkbox"
                  name={section === 'alerts' ? POSTED_FIELDS.alert : POSTED_FIELDS.newsletter}
                  value={option.key}
                  checked={option.on}
                  disabled={disabled}
                  onChange={() => onToggleSub(section, option.key)}
                />
                <label htmlFor={optionId}>{option.label}</label>
              </li>
            );
          })}
        </ul>
      ) : null}
    </fieldset>
  );
}
