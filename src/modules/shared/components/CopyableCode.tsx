import { type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import './copyableCode.css';

type Props = {
  /** The field's label ("Embed code", "Snippet"). */
  label: string;
  value: string;
  /** The copy button's text ("Copy the code"). */
  copyLabel: string;
  /** What the status line says once copied ("Copied: paste it into your website."). */
  copiedText: string;
  rows?: number;
  /** More beside the copy button (a link to what the code shows). */
  children?: ReactNode;
};

/**
 * Code a website pastes in (the promo widget's embed code, the journey tracking snippet): a read-only
 * field whose text is selected on focus, and a copy button; without a clipboard (an insecure origin, a
 * refusal) the text is selected for Ctrl+C instead. The status line says it was copied.
 */
export function CopyableCode({ label, value, copyLabel, copiedText, rows = 3, children }: Props) {
  const [copied, setCopied] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      ref.current?.select();
    }
    setCopied(true);
  };
  return (
    <div className="copyable-code">
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={id}>
          {label}
        </label>
        <textarea
          id={id}
          ref={ref}
          className="ui-field__input copyable-code__text"
          readOnly
          rows={rows}
          value={value}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <div className="copyable-code__row">
        <Button size="sm" variant="secondary" onClick={() => void copy()}>
          {copyLabel}
        </Button>
        {children}
        <span role="status" className="copyable-code__status">
          {copied ? copiedText : ''}
        </span>
      </div>
    </div>
  );
}
