import { type InputHTMLAttributes, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import './Checkbox.css';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: ReactNode;
  /** "Some but not all" (a select-all box over a partly selected list): shown as a dash, read as mixed. */
  indeterminate?: boolean;
  /** Keeps the label for screen readers only (a row's box in a table). */
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: string;
};

/**
 * A native checkbox with the brand's box: the native input stays in place (transparent) so the keyboard,
 * forms and screen readers work as usual; `indeterminate` sets the DOM property, which browsers announce
 * as "mixed". A click on an indeterminate box fires onChange like any other click.
 */
export function Checkbox({
  label,
  indeterminate = false,
  hideLabel = false,
  hint,
  error,
  className,
  checked,
  ...input
}: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  // After every render: a click clears the DOM property, the prop puts it back while it is still true.
  useLayoutEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  });

  return (
    <div
      className={['ui-checkbox', error ? 'ui-checkbox--invalid' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
    >
      <label className="ui-checkbox__row" htmlFor={id}>
        <span className="ui-checkbox__control">
          <input
            ref={ref}
            id={id}
            type="checkbox"
            className="ui-checkbox__input"
            checked={checked}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...input}
          />
          <span className="ui-checkbox__box" aria-hidden="true">
            <svg className="ui-checkbox__check" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M3.5 8.5 6.5 11.5 12.5 4.5" />
            </svg>
            <svg className="ui-checkbox__dash" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M4 8h8" />
            </svg>
          </span>
        </span>
        <span className={hideLabel ? 'ui-visually-hidden' : 'ui-checkbox__label'}>{label}</span>
      </label>
      {error ? (
        <p className="ui-checkbox__error" id={errorId}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p className="ui-checkbox__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
