import './Spinner.css';

export type SpinnerProps = {
  size?: 'sm' | 'md' | 'lg';
  /** Read out by screen readers; without it the spinner is decorative. */
  label?: string;
};

export function Spinner({ size = 'md', label }: SpinnerProps) {
  return (
    <span
      className={`ui-spinner ui-spinner--${size}`}
      role={label ? 'status' : undefined}
      aria-hidden={label ? undefined : true}
    >
      <svg viewBox="0 0 24 24" focusable="false" aria-hidden="true">
        <circle className="ui-spinner__track" cx="12" cy="12" r="9" />
        <circle className="ui-spinner__arc" cx="12" cy="12" r="9" />
      </svg>
      {label ? <span className="ui-visually-hidden">{label}</span> : null}
    </span>
  );
}
