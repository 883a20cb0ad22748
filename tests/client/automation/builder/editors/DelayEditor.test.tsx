import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleFlow } from '../../../../engine/workflowFixtures.ts';
import { detailOf, openDraft, renderPanel, stubEditorApi, TIMEZONES } from './editorFixtures.tsx';

afterEach(() => cleanup());

const optionLabels = (select: HTMLElement) =>
  Array.from((select as HTMLSelectElement).options).map((option) => option.textContent);

describe('Delay editor', { timeout: 20_000 }, () => {
  it('writes a duration; leading zeros are stripped; 0 is refused inline and not written', async () => {
    const draft = await openDraft(sampleFlow());
    renderPanel(draft, 'd1');
    expect(screen.getByRole('heading', { name: 'Delay' })).toBeTruthy();
    const value = screen.getByLabelText('Wait for') as HTMLInputElement;
    fireEvent.change(value, { target: { value: '007' } });
    expect(value.value).toBe('7');
    expect(detailOf(draft, 'd1').duration).toEqual({ value: 7, unit: 'days' });
    fireEvent.change(screen.getByLabelText('Unit'), { target: { value: 'hours' } });
    expect(detailOf(draft, 'd1').duration).toEqual({ value: 7, unit: 'hours' });
    fireEvent.change(value, { target: { value: '0' } });
    expect(screen.getByText('The delay must be at least 1.')).toBeTruthy();
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(detailOf(draft, 'd1').duration).toEqual({ value: 7, unit: 'hours' });
    fireEvent.change(value, { target: { value: '' } });
    expect(screen.getByText('Enter how long to wait.')).toBeTruthy();
  });

  it('wait until (radioValue 2): all days / business days, weekday names, 12 am .. 11 pm, a time zone', async () => {
    const draft = await openDraft(sampleFlow());
    renderPanel(draft, 'd1');
    fireEvent.click(screen.getByLabelText('Until a day and time'));
    expect(detailOf(draft, 'd1').radioValue).toBe(2);
    const days = screen.getByLabelText('Days');
    expect(optionLabels(days)).toEqual(['All days', 'Business days (Mon-Fri)']);
    const weekdays = screen.getByRole('group', { name: 'On these weekdays' });
    expect(Array.from(weekdays.querySelectorAll('label')).map((l) => l.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    const hours = optionLabels(screen.getByLabelText('Hour'));
    expect(hours).toHaveLength(24);
    // Clock order: midnight first, noon in the middle.
    expect(hours.slice(0, 2)).toEqual(['12 am', '1 am']);
    expect(hours.slice(11, 14)).toEqual(['11 am', '12 pm', '1 pm']);
    expect(hours.at(-1)).toBe('11 pm');
    const hourSelect = screen.getByLabelText('Hour') as HTMLSelectElement;
    expect(Array.from(hourSelect.options).map((o) => o.value)).toEqual(
      Array.from({ length: 24 }, (_, hour) => String(hour)),
    );
    const timezone = await screen.findByLabelText('Time zone');
    expect(optionLabels(timezone)).toEqual(
      expect.arrayContaining(['America/New_York', 'Europe/London', 'Asia/Kolkata']),
    );

    fireEvent.change(days, { target: { value: 'business' } });
    fireEvent.change(screen.getByLabelText('Hour'), { target: { value: '14' } });
    fireEvent.change(timezone, { target: { value: 'Asia/Kolkata' } });
    expect(detailOf(draft, 'd1').waitUntil).toEqual({
      dayOption: 'business',
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      hour: 14,
      timezone: 'Asia/Kolkata',
    });
    fireEvent.click(screen.getByLabelText('Saturday'));
    expect(detailOf(draft, 'd1').waitUntil).toMatchObject({
      dayOption: 'all',
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    });
    // Back to a duration keeps the wait-until setting for later.
    fireEvent.click(screen.getByLabelText('For a duration'));
    expect(detailOf(draft, 'd1').radioValue).toBe(1);
  });

  it('a browser in UTC gets "UTC" as its time zone, not the first zone of the list', async () => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone: 'Etc/UTC' };
    });
    try {
      const draft = await openDraft(sampleFlow());
      const api = stubEditorApi();
      const staticData = await api.getUserStaticData();
      api.getUserStaticData.mockResolvedValue({
        ...staticData,
        data: { ...staticData.data, timezones: ['Africa/Abidjan', ...TIMEZONES] },
      });
      renderPanel(draft, 'd1', api);
      // The zone is chosen when "until" is first picked: once the list has arrived.
      await waitFor(() => expect(api.getUserStaticData).toHaveBeenCalled());
      await act(async () => {});
      fireEvent.click(screen.getByLabelText('Until a day and time'));
      const timezone = (await screen.findByLabelText('Time zone')) as HTMLSelectElement;
      expect(timezone.value).toBe('UTC');
      expect(detailOf(draft, 'd1').waitUntil?.timezone).toBe('UTC');
    } finally {
      spy.mockRestore();
    }
  });

  it('shows a change made elsewhere (another tab, undo) at once', async () => {
    const draft = await openDraft(sampleFlow());
    renderPanel(draft, 'd1');
    fireEvent.change(screen.getByLabelText('Wait for'), { target: { value: '3' } });
    act(() => {
      draft.undo.undo();
    });
    expect((screen.getByLabelText('Wait for') as HTMLInputElement).value).toBe('1');
  });
});
