import './ImportProgressBar.css';

export type ImportProgressBarProps = {
  value: number;
  max: number;
  label: string;
  /** What a screen reader announces, e.g. the caption. */
  valueText: string;
};

/** A determinate progress bar (role progressbar with its value, minimum and maximum). */
export function ImportProgressBar({ value, max, label, valueText }: ImportProgressBarProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      className="import-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <div className="import-bar__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
