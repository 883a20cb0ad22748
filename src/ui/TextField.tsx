import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldFrame } from './FieldFrame.tsx';

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
  return (
    <FieldFrame label={label} error={error} hint={hint} optional={optional} className={className}>
      {(control) => (
        <div className="ui-field__control">
          <input className="ui-field__input" {...control} {...input} />
          {trailing ? <div className="ui-field__trailing">{trailing}</div> : null}
        </div>
      )}
    </FieldFrame>
  );
}
