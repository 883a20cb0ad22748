import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkbox } from '../../../src/ui/Checkbox.tsx';

/** A select-all box over three items, as a list page uses it. */
function SelectAll({ onChange }: { onChange?: (selected: number) => void }) {
  const [selected, setSelected] = useState(1);
  const all = selected === 3;
  return (
    <>
      <Checkbox
        label="Select all contacts"
        checked={all}
        indeterminate={selected > 0 && !all}
        onChange={() => {
          const next = all ? 0 : 3;
          setSelected(next);
          onChange?.(next);
        }}
      />
      <button type="button" onClick={() => setSelected(1)}>
        select one
      </button>
    </>
  );
}

afterEach(cleanup);

describe('Checkbox', () => {
  it('is a labelled native checkbox', () => {
    const onChange = vi.fn();
    render(<Checkbox label="Email me" checked={false} onChange={onChange} hint="Weekly at most" />);
    const box = screen.getByRole('checkbox', { name: 'Email me' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.indeterminate).toBe(false);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('shows the indeterminate state, leaves it on click, and gets it back from its props', () => {
    const onChange = vi.fn();
    render(<SelectAll onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Select all contacts' }) as HTMLInputElement;
    expect(box.indeterminate).toBe(true);
    expect(box.checked).toBe(false);

    fireEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(box.indeterminate).toBe(false);
    expect(box.checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'select one' }));
    expect(box.indeterminate).toBe(true);
    expect(box.checked).toBe(false);

    fireEvent.click(box);
    fireEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(0);
    expect(box.indeterminate).toBe(false);
    expect(box.checked).toBe(false);
  });

  it('links its error and can be disabled', () => {
    render(<Checkbox label="Accept the terms" error="Accept the terms to go on." disabled />);
    const box = screen.getByRole('checkbox', { name: 'Accept the terms' }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const describedBy = box.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Accept the terms to go on.');
  });
});
