import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileField } from '../../../src/ui/FileField.tsx';
import { Radio } from '../../../src/ui/Radio.tsx';
import { SubNav } from '../../../src/ui/SubNav.tsx';

afterEach(cleanup);

describe('Radio', () => {
  it('is a labelled native radio: a click on its label chooses it', () => {
    function Group() {
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
    render(<Group />);
    const until = screen.getByRole('radio', { name: /Until a day and time/ });
    expect(screen.getByRole('radio', { name: 'For a duration' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByText('Until a day and time'));
    expect(until).toHaveProperty('checked', true);
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
