import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../src/api/ApiError.ts';
import { uniqueLinks } from '../../../../../src/modules/automation/builder/editors/uniqueLinks.ts';
import { sampleFlow } from '../../../../engine/workflowFixtures.ts';
import { detailOf, LINKS, openDraft, renderPanel, stubEditorApi } from './editorFixtures.tsx';

afterEach(() => cleanup());

const optionLabels = (select: HTMLElement) =>
  Array.from((select as HTMLSelectElement).options).map((option) => option.textContent);

describe('If / Else editor', { timeout: 20_000 }, () => {
  it('a new condition is "has opened" on the first workflow email; conditions are joined by AND or OR', async () => {
    const draft = await openDraft(sampleFlow(), { email_id: 21, email_name: 'Trigger mail' });
    renderPanel(draft, 'c1');
    expect(screen.getByRole('heading', { name: 'If / Else' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    const conditions = detailOf(draft, 'c1').conditions ?? [];
    expect(conditions).toHaveLength(2);
    expect(conditions[1]).toEqual({
      conditionType: 'has opened',
      controlId: 1,
      controlName: 'has opened',
      emailId: 21,
      emailName: 'Trigger mail',
    });
    // The email choices: the trigger's email and the send-email steps' emails.
    const second = screen.getByRole('group', { name: 'Condition 2' });
    expect(optionLabels(within(second).getByLabelText('Email'))).toEqual([
      'Select email',
      'Trigger mail (trigger)',
      'Welcome',
    ]);
    fireEvent.change(within(second).getByLabelText('Email'), { target: { value: '11' } });
    expect(detailOf(draft, 'c1').conditions?.[1]).toMatchObject({ emailId: 11, emailName: 'Welcome' });
    fireEvent.change(screen.getByLabelText('Join the conditions with'), { target: { value: 'OR' } });
    expect(detailOf(draft, 'c1').connector).toBe('OR');
    fireEvent.click(within(second).getByRole('button', { name: 'Remove condition 2' }));
    expect(detailOf(draft, 'c1').conditions).toHaveLength(1);
  });

  it('has clicked: a link of the email from get_emails_links/, duplicates removed', async () => {
    const api = stubEditorApi();
    const draft = await openDraft(sampleFlow());
    renderPanel(draft, 'c1', api);
    const first = screen.getByRole('group', { name: 'Condition 1' });
    fireEvent.change(within(first).getByLabelText('Test'), { target: { value: 'has clicked' } });
    expect(detailOf(draft, 'c1').conditions?.[0]).toEqual({
      conditionType: 'has clicked',
      controlId: 2,
      controlName: 'has clicked',
      emailId: 11,
      emailName: 'Welcome',
      link: null,
    });
    const link = await within(first).findByLabelText('Link');
    expect(optionLabels(link)).toEqual([
      'Any link',
      'Pricing (https://example.com/pricing)',
      'Book a demo (https://example.com/demo)',
    ]);
    expect(api.getEmailsLinks).toHaveBeenCalledWith(
      { emailIds: [11], nodeId: 'c1', workflowId: 42 },
      expect.anything(),
    );
    fireEvent.change(link, { target: { value: 'https://example.com/demo' } });
    expect(detailOf(draft, 'c1').conditions?.[0]?.link).toBe('https://example.com/demo');
  });

  it('the link picker shows its error state with a retry', async () => {
    const api = stubEditorApi();
    api.getEmailsLinks.mockImplementationOnce(async () => {
      throw new ApiError({ kind: 'http', status: 500, message: 'The server failed.' });
    });
    const draft = await openDraft(sampleFlow());
    renderPanel(draft, 'c1', api);
    fireEvent.change(screen.getByLabelText('Test'), { target: { value: 'has not clicked' } });
    expect(await screen.findByText('The links could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Link')).toBeTruthy();
  });

  it('current day and current time: verb, weekdays or time, time zone', async () => {
    const draft = await openDraft(sampleFlow());
    renderPanel(draft, 'c1');
    fireEvent.change(screen.getByLabelText('Test'), { target: { value: 'current day' } });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: 'is not' } });
    fireEvent.click(screen.getByLabelText('Sunday'));
    fireEvent.click(screen.getByLabelText('Monday'));
    fireEvent.change(await screen.findByLabelText('Time zone'), { target: { value: 'Europe/London' } });
    expect(detailOf(draft, 'c1').conditions?.[0]).toMatchObject({
      conditionType: 'current day',
      controlId: 5,
      verb: 'is not',
      day: ['Monday', 'Sunday'],
      timezone: 'Europe/London',
    });
    fireEvent.change(screen.getByLabelText('Test'), { target: { value: 'current time' } });
    fireEvent.change(screen.getByLabelText('Time is'), { target: { value: 'before' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '17:30' } });
    expect(detailOf(draft, 'c1').conditions?.[0]).toMatchObject({
      conditionType: 'current time',
      controlId: 6,
      verb: 'before',
      time: '17:30',
      timezone: 'Europe/London',
    });
  });

  it('email sequence picks an email; list picks a list', async () => {
    const draft = await openDraft(sampleFlow());
    renderPanel(draft, 'c1');
    fireEvent.change(screen.getByLabelText('Test'), { target: { value: 'email sequence' } });
    expect(detailOf(draft, 'c1').conditions?.[0]).toMatchObject({
      conditionType: 'email sequence',
      emailId: 11,
    });
    fireEvent.change(screen.getByLabelText('Test'), { target: { value: 'list' } });
    fireEvent.change(await screen.findByLabelText('List'), { target: { value: '6' } });
    expect(detailOf(draft, 'c1').conditions?.[0]).toEqual({
      conditionType: 'list',
      controlId: 8,
      controlName: 'list',
      listId: 6,
      listName: 'Customers',
    });
  });
});

describe('uniqueLinks', { timeout: 20_000 }, () => {
  it('keeps each url once (first text wins), trims, drops blanks, across emails', () => {
    expect(
      uniqueLinks([
        ...LINKS,
        {
          email_id: 12,
          email_name: 'B',
          links: [
            { url: 'https://example.com/pricing', text: 'x' },
            { url: ' ', text: 'blank' },
            { url: 'https://b.example/', text: '' },
          ],
        },
      ]),
    ).toEqual([
      { url: 'https://example.com/pricing', text: 'Pricing' },
      { url: 'https://example.com/demo', text: 'Book a demo' },
      { url: 'https://b.example/', text: '' },
    ]);
  });
});
