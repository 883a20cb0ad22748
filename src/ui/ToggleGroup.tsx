import './ToggleGroup.css';

export type ToggleOption<V extends string> = { value: V; label: string };

/**
 * A choice of a few views or filters as a row of toggle buttons (each announced pressed or not), in a
 * fieldset named by its (hidden) legend: Chart / Table, All / Active / Inactive.
 */
export function ToggleGroup<V extends string>({
  legend,
  options,
  value,
  onChange,
  className,
}: {
  legend: string;
  options: readonly ToggleOption<V>[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
}) {
  return (
    <fieldset className={`ui-toggle-group${className ? ` ${className}` : ''}`}>
      <legend className="ui-visually-hidden">{legend}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="ui-toggle-group__option"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
