import { type ReactNode, useId } from 'react';
import { Select } from '../../../../ui/Select.tsx';

/** What every field takes: its label, its value and what to do with a new value. */
type FieldProps<T> = { label: string; value: T; onChange: (value: T) => void };

/** The designer's compact frame: a label and the control it names (`control` gets the control's id). */
function DesignerField({
  label,
  className,
  control,
}: {
  label: string;
  className?: string;
  control: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className ? `designer-field ${className}` : 'designer-field'}>
      <label htmlFor={id}>{label}</label>
      {control(id)}
    </div>
  );
}

/** Small labelled inputs of the property panel and theme editor (each writes on change). */
export function ColourField({ label, value, onChange }: FieldProps<string>) {
  return (
    <DesignerField
      label={label}
      className="designer-field--colour"
      control={(id) => (
        <>
          <input id={id} type="color" value={value} onChange={(event) => onChange(event.target.value)} />
          <span className="designer-field__value">{value}</span>
        </>
      )}
    />
  );
}

export function NumberField({
  label,
  value,
  min,
  max,
  onChange,
}: FieldProps<number> & { min: number; max: number }) {
  return (
    <DesignerField
      label={label}
      control={(id) => (
        <input
          id={id}
          type="number"
          value={value}
          min={min}
          max={max}
          onChange={(event) => {
            const next = Number(event.target.value);
            if (Number.isFinite(next)) onChange(Math.max(min, Math.min(max, Math.round(next))));
          }}
        />
      )}
    />
  );
}

export function TextInput({
  label,
  value,
  onChange,
  type = 'text',
  placeholder,
  error,
}: FieldProps<string> & { type?: string; placeholder?: string; error?: string | null }) {
  return (
    <DesignerField
      label={label}
      control={(id) => (
        <>
          <input
            id={id}
            type={type}
            value={value}
            placeholder={placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
          {error ? (
            <p id={`${id}-error`} className="designer-field__error">
              {error}
            </p>
          ) : null}
        </>
      )}
    />
  );
}

export function ChoiceField<T extends string>({
  label,
  value,
  options,
  onChange,
}: FieldProps<T> & { options: readonly { value: T; label: string }[] }) {
  return (
    <Select
      className="designer-field"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
      options={options.map((option) => ({ value: option.value, label: option.label }))}
    />
  );
}

export function CheckField({
  label,
  checked,
  onChange,
}: Omit<FieldProps<boolean>, 'value'> & { checked: boolean }) {
  const id = useId();
  return (
    <div className="designer-field designer-field--check">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
