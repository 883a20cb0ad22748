import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileField } from '../../../src/ui/FileField.tsx';
import { Radio, RadioCard } from '../../../src/ui/Radio.tsx';
import { SubNav } from '../../../src/ui/SubNav.tsx';

afterEach(cleanup);

/** Two radios of one group, its choice kept in state. */
function WaitGroup() {
  const [mode, setMode] = useState('duration');
  return (
    <fieldset>
      <legend>Wait</legend>
      <Radio
        name="mode"
        checked={mode === 'duration'}
        onChange={() => setMode('duration')}
        label="For a duration"
      />
      <Radio
        name="mode"
        checked={mode === 'until'}
        onChange={() => setMode('until')}
        label="Until a day and time"
        description="In the contact's time zone"
      />
    </fieldset>
  );
}

describe('Radio', () => {
  it('is a labelled native radio: a click on its label chooses it', () => {
    render(<WaitGroup />);
    const until = screen.getByRole('radio', { name: /Until a day and time/ });
    expect(screen.getByRole('radio', { name: 'For a duration' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByText('Until a day and time'));
    expect(until).toHaveProperty('checked', true);
  });

  it('a card’s radio is hidden (the card shows the choice); a compact row’s is the design system’s ring', () => {
    render(
      <div role="radiogroup" aria-label="Lists">
        <RadioCard className="card" name="list" checked={false} onChange={() => {}}>
          Card
        </RadioCard>
        <RadioCard className="row" name="list" showRadio checked onChange={() => {}}>
          Row
        </RadioCard>
      </div>,
    );
    const card = screen.getByRole('radio', { name: 'Card' });
    const row = screen.getByRole('radio', { name: 'Row' });
    expect(card.nextElementSibling).toBeNull();
    expect(row.classList.contains('ui-radio__input')).toBe(true);
    expect(row.nextElementSibling?.classList.contains('ui-radio__ring')).toBe(true);
  });
});

describe('FileField', () => {
  it('is labelled, hands the chosen file over and shows its name', () => {
    const onFile = vi.fn();
    render(
      <FileField
        label="CSV file"
        buttonLabel="Choose a CSV file"
        onFile={onFile}
        error="The file is empty."
      />,
    );
    const input = screen.getByLabelText('CSV file') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('No file chosen')).toBeTruthy();
    const file = new File(['email\n'], 'people.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFile).toHaveBeenCalledWith(file);
    expect(screen.getByText('people.csv')).toBeTruthy();
  });

  it('with clearAfterChoice, hands the file over and forgets it: the same file can be chosen again', () => {
    const onFile = vi.fn();
    render(<FileField label="Image file" clearAfterChoice onFile={onFile} />);
    const input = screen.getByLabelText('Image file') as HTMLInputElement;
    const file = new File(['png'], 'photo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFile).toHaveBeenCalledWith(file);
    expect(input.value).toBe('');
    expect(screen.getByText('No file chosen')).toBeTruthy();
  });
});

describe('SubNav', () => {
  it('marks the section shown as the current page', () => {
    render(
      <SubNav
        label="Audience sections"
        items={['People', 'Lists'].map((name) => ({
          key: name,
          current: name === 'Lists',
          link: (props) => (
            <a href={`/${name}`} {...props}>
              {name}
            </a>
          ),
        }))}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Audience sections' });
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Lists');
    expect(screen.getByRole('link', { name: 'People' }).getAttribute('aria-current')).toBeNull();
  });
});
