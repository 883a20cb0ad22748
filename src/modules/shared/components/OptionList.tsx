import { type ReactNode, useId } from 'react';
import { RadioCard } from '../../../ui/Radio.tsx';
import './optionPicker.css';

/** Where a picker stands: a screen of its own (cards), or a side panel, a dialog or a form (compact). */
export type PickerVariant = 'cards' | 'compact';

/** What an option shows: its name (its accessible name), more about it, and what sits beside it. */
export type OptionContent = {
  name: ReactNode;
  /** Read as the option's description. */
  more?: ReactNode;
  /** Before the text (a thumbnail). */
  lead?: ReactNode;
  /** After the text (badges, a count). */
  aside?: ReactNode;
};

type Props<TRow> = {
  rows: readonly TRow[];
  rowKey: (row: TRow) => string | number;
  /** The radio group's accessible name ("Emails", "Lists"). */
  label: string;
  variant: PickerVariant;
  selectedKey: string | number | null;
  onChoose: (row: TRow) => void;
  render: (row: TRow) => OptionContent;
  busy?: boolean;
  /** Cards side by side, as many as fit (short options such as triggers). */
  grid?: boolean;
};

/** The options of a picker as one radio group: each a card (or a compact row) naming what it offers. */
export function OptionList<TRow>({
  rows,
  rowKey,
  label,
  variant,
  selectedKey,
  onChoose,
  render,
  busy = false,
  grid = false,
}: Props<TRow>) {
  const group = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-busy={busy || undefined}
      className={`option-picker__options option-picker__options--${variant}${grid ? ' option-picker__options--grid' : ''}`}
    >
      {rows.map((row) => {
        const key = rowKey(row);
        const id = `${group}-${key}`;
        const content = render(row);
        const selected = selectedKey === key;
        return (
          <RadioCard
            key={key}
            className={`option-picker__option${selected ? ' option-picker__option--selected' : ''}`}
            inputClassName="option-picker__input"
            showRadio={variant === 'compact'}
            name={group}
            checked={selected}
            onChange={() => onChoose(row)}
            aria-labelledby={`${id}-name`}
            aria-describedby={content.more ? `${id}-more` : undefined}
          >
            {content.lead}
            <span className="option-picker__text">
              {/* A name a person typed: isolated from the text around it, like UserText. */}
              <bdi className="option-picker__name" id={`${id}-name`}>
                {content.name}
              </bdi>
              {content.more ? (
                <span className="option-picker__more" id={`${id}-more`}>
                  {content.more}
                </span>
              ) : null}
            </span>
            {content.aside ? <span className="option-picker__aside">{content.aside}</span> : null}
          </RadioCard>
        );
      })}
    </div>
  );
}
