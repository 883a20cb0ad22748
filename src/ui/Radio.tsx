import type { InputHTMLAttributes, ReactNode } from 'react';
import './Checkbox.css';
import './Radio.css';

export type RadioProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  /** A line under the label. */
  description?: ReactNode;
};

/**
 * One choice of a group (give the group a fieldset and legend, or role="radiogroup" and a label): the
 * native radio stays in place (transparent) for the keyboard, forms and screen readers, the brand's ring
 * and dot show its state, with the focus ring of every control.
 */
export function Radio({ label, description, className, ...input }: RadioProps) {
  return (
    <label className={['ui-radio', className ?? ''].filter(Boolean).join(' ')}>
      <span className="ui-radio__control">
        <input type="radio" className="ui-radio__input" {...input} />
        <span className="ui-radio__ring" aria-hidden="true" />
      </span>
      <span className="ui-radio__text">
        <span className="ui-radio__label">{label}</span>
        {description ? <span className="ui-radio__description">{description}</span> : null}
      </span>
    </label>
  );
}

export type RadioCardProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  /** The card's own classes (the screen styles the card: its border, its chosen look). */
  className: string;
  /** The radio's classes: a card usually hides it (ui-visually-hidden) and shows its choice by its look. */
  inputClassName?: string;
  /** The radio stays in view, drawn as the design system's ring (a compact row rather than a card). */
  showRadio?: boolean;
  children: ReactNode;
};

/** A choice shown as a whole card (a trigger, a list, an email to pick): the card is the radio's label. */
export function RadioCard({
  className,
  inputClassName,
  showRadio = false,
  children,
  ...input
}: RadioCardProps) {
  // Shown, the radio sits in the ring's box; hidden, its box takes no room (display: contents).
  return (
    <label className={className}>
      <span className={showRadio ? 'ui-radio__control' : 'ui-radio-card__hidden'}>
        <input
          type="radio"
          className={[showRadio ? 'ui-radio__input' : '', inputClassName ?? ''].filter(Boolean).join(' ')}
          {...input}
        />
        {showRadio ? <span className="ui-radio__ring" aria-hidden="true" /> : null}
      </span>
      {children}
    </label>
  );
}
