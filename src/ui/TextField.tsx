import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import './TextField.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** Shown under the field and linked to it. */
  error?: string;
  hint?: ReactNode;
  /** Something inside the field's right edge (the password show/hide button). */
  trailing?: ReactNode;
  /** Marks the label "optional". */
  optional?: boolean;
};

export function TextField({ label, error, hint, trailing, optional, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className={['ui-field', error ? 'ui-field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}
    >
      <label className="ui-field__label" htmlFor={id}>
        {label}
        {optional ? <span className="ui-field__optional"> (optional)</span> : null}
      </label>
      <div className="ui-field__control">
        <input
          id={id}
          className="ui-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {trailing ? <div className="ui-field__trailing">{trailing}</div> : null}
      </div>
      {error ? (
        <p className="ui-field__error" id={errorId}>
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm0 9.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2ZM8 4a.9.9 0 0 0-.9.95l.2 4.1a.7.7 0 0 0 1.4 0l.2-4.1A.9.9 0 0 0 8 4Z"
            />
          </svg>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p className="ui-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
