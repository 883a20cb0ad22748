import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FieldFrame } from './FieldFrame.tsx';
import './Select.css';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> & {
  label: string;
  options: SelectOption[];
  error?: string;
  hint?: ReactNode;
  /** Keeps the label for screen readers only (a compact control in a toolbar). */
  hideLabel?: boolean;
};

/** A labelled native select in the look of TextField (filters, date options, page sizes). */
export function Select({ label, options, error, hint, hideLabel, className, ...select }: SelectProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} hideLabel={hideLabel} className={className}>
      {(control) => (
        <div className="ui-field__control">
          <select className="ui-field__input ui-select" {...control} {...select}>
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </FieldFrame>
  );
}
