import { type ReactNode, useId } from 'react';
import './TextField.css';

/** What a field's control needs to be labelled and described. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type Props = {
  label: string;
  /** Shown under the field and linked to it. */
  error?: string;
  hint?: ReactNode;
  /** Marks the label "optional". */
  optional?: boolean;
  /** Keeps the label for screen readers only (a compact control in a toolbar). */
  hideLabel?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** The label, error and hint around one form control (TextField, Select). */
export function FieldFrame({ label, error, hint, optional, hideLabel, className, children }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className={['ui-field', error ? 'ui-field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}
    >
      <label className={hideLabel ? 'ui-visually-hidden' : 'ui-field__label'} htmlFor={id}>
        {label}
        {optional ? <span className="ui-field__optional"> (optional)</span> : null}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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
