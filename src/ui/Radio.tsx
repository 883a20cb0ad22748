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
  children: ReactNode;
};

/** A choice shown as a whole card (a trigger, a list, an email to pick): the card is the radio's label. */
export function RadioCard({ className, inputClassName, children, ...input }: RadioCardProps) {
  return (
    <label className={className}>
      <input type="radio" className={inputClassName} {...input} />
      {children}
    </label>
  );
}
