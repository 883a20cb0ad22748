import './ProgressBar.css';

export type ProgressBarProps = {
  value: number;
  max: number;
  label: string;
  /** What a screen reader announces, e.g. the caption. */
  valueText: string;
};

/** A determinate progress bar (role progressbar with its value, minimum and maximum): the import, a recompute. */
export function ProgressBar({ value, max, label, valueText }: ProgressBarProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      className="ui-progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <div className="ui-progress__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
