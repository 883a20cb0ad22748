import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { FieldFrame } from './FieldFrame.tsx';
import './FileField.css';

export type FileFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'onChange' | 'value'
> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** The button's words ("Choose a CSV file"). */
  buttonLabel?: string;
  /** The choice is not kept once handed over: the same file can be chosen again (an upload). */
  clearAfterChoice?: boolean;
  onFile: (file: File | null) => void;
};

/**
 * A file picker in the look of the other fields: the label, a button and the name of the chosen file (or
 * "No file chosen"), its hint and error. The native input stays focusable and labelled (it takes the
 * keyboard and the file dialog); the button is what it looks like.
 */
export function FileField({
  label,
  error,
  hint,
  buttonLabel = 'Choose a file',
  clearAfterChoice = false,
  onFile,
  className,
  disabled,
  ...input
}: FileFieldProps) {
  const [name, setName] = useState<string | null>(null);
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <div className={`ui-file${disabled ? ' ui-file--disabled' : ''}`}>
          <input
            type="file"
            className="ui-file__input"
            disabled={disabled}
            {...control}
            {...input}
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              if (clearAfterChoice) event.target.value = '';
              else setName(file?.name ?? null);
              onFile(file);
            }}
          />
          <span className="ui-file__button" aria-hidden="true">
            {buttonLabel}
          </span>
          <span className="ui-file__name" aria-hidden="true">
            {name ?? 'No file chosen'}
          </span>
        </div>
      )}
    </FieldFrame>
  );
}
