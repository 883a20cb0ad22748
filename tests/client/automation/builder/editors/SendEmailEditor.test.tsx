import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkflowFlow } from '../../../../../domain/workflowTypes.ts';
import { ApiError } from '../../../../../src/api/ApiError.ts';
import { flowNode, sampleFlow } from '../../../../engine/workflowFixtures.ts';
import { detailOf, openDraft, renderPanel, stubEditorApi } from './editorFixtures.tsx';

afterEach(() => cleanup());

function unsetFlow(): WorkflowFlow {
  return {
    '0': flowNode('0', 'send email', null, ['e1']),
    e1: flowNode('e1', 'end', '0', []),
  };
}

describe('Send email editor', { timeout: 20_000 }, () => {
  it('shows the placeholders while the email, template and signature are unset', async () => {
    const draft = await openDraft(unsetFlow());
    renderPanel(draft, '0');
    expect(screen.getByRole('heading', { name: 'Send email' })).toBeTruthy();
    expect(screen.getByText('Select email')).toBeTruthy();
    const template = (await screen.findByLabelText('Template')) as HTMLSelectElement;
    expect(template.selectedOptions[0]?.textContent).toBe('Select a template');
    const signature = screen.getByLabelText('Signature') as HTMLSelectElement;
    expect(signature.selectedOptions[0]?.textContent).toBe('Select signature');
  });

  it('picking an email writes emailId, emailName and designReady; design readiness is shown', async () => {
    const draft = await openDraft(unsetFlow());
    renderPanel(draft, '0');
    const group = await screen.findByRole('radiogroup', { name: 'Emails to send' });
    const followUp = within(group).getByRole('radio', { name: /Follow up/ });
    expect(within(followUp.closest('label') as HTMLElement).getByText('Design not ready')).toBeTruthy();
    fireEvent.click(followUp);
    expect(detailOf(draft, '0')).toMatchObject({ emailId: 12, emailName: 'Follow up', designReady: false });
    // The picker closes; the chosen email is shown with its readiness.
    expect(screen.queryByRole('radiogroup', { name: 'Emails to send' })).toBeNull();
    expect(screen.getByText('Follow up')).toBeTruthy();
    expect(screen.getByText('Design not ready')).toBeTruthy();
  });

  it('the search sends the trimmed term; a newer search supersedes the one in flight', async () => {
    const signals: AbortSignal[] = [];
    const base = stubEditorApi();
    const api = stubEditorApi({
      getUserEmails: vi.fn(async (query, signal) => {
        if (signal) signals.push(signal);
        if (query.searchTerm === 'slow') {
          return new Promise<never>((_resolve, reject) =>
            signal?.addEventListener('abort', () =>
              reject(new ApiError({ kind: 'canceled', status: 0, message: 'canceled' })),
            ),
          );
        }
        return base.getUserEmails(query);
      }),
    });
    const draft = await openDraft(unsetFlow());
    renderPanel(draft, '0', api);
    await screen.findByRole('radiogroup', { name: 'Emails to send' });
    fireEvent.change(screen.getByLabelText('Search emails'), { target: { value: 'slow' } });
    await waitFor(() => expect(api.getUserEmails).toHaveBeenCalledTimes(2));
    fireEvent.change(screen.getByLabelText('Search emails'), { target: { value: '  promo ' } });
    expect(await screen.findByRole('radio', { name: /Found promo/ }, { timeout: 2000 })).toBeTruthy();
    expect(vi.mocked(api.getUserEmails).mock.calls.at(-1)?.[0]).toMatchObject({
      searchTerm: 'promo',
      offset: 0,
    });
    expect(signals[1]?.aborted).toBe(true);
  });

  it('changing an email that a condition references is refused: onConstraint, and the email stays', async () => {
    const draft = await openDraft(sampleFlow());
    const { onConstraint } = renderPanel(draft, '0');
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Follow up/ }));
    expect(onConstraint).toHaveBeenCalledTimes(1);
    expect(onConstraint.mock.calls[0]?.[0]).toMatchObject({
      kind: 'constraint',
      emails: [{ emailId: 11 }],
      conditions: [{ nodeId: 'c1' }],
    });
    expect(detailOf(draft, '0')).toMatchObject({ emailId: 11, emailName: 'Welcome' });
    expect(draft.undo.getSnapshot().canUndo).toBe(false);
  });

  it('writes each share profile field; the subject keeps emojis as numeric references', async () => {
    const draft = await openDraft(unsetFlow());
    renderPanel(draft, '0');
    fireEvent.change(await screen.findByLabelText('Template'), { target: { value: 'profile-compact' } });
    fireEvent.click(screen.getByLabelText('Steady (ASVA)'));
    fireEvent.click(screen.getByLabelText('Dominant (ADVA)'));
    fireEvent.change(screen.getByLabelText('Sender name'), { target: { value: 'Dana' } });
    fireEvent.change(screen.getByLabelText('Send from'), { target: { value: 'dana@example.com' } });
    fireEvent.change(screen.getByLabelText('Email subject'), { target: { value: 'Hi 🚀 there' } });
    fireEvent.change(screen.getByLabelText('Reply to'), { target: { value: 'not-an-address' } });
    fireEvent.change(screen.getByLabelText('Initials'), { target: { value: 'DD' } });
    fireEvent.change(screen.getByLabelText('Signature'), { target: { value: 'full' } });
    fireEvent.change(screen.getByLabelText('Send platform'), { target: { value: 'Gmail' } });
    expect(detailOf(draft, '0').shareProfile).toEqual({
      template: 'profile-compact',
      personalityMetrics: ['ADVA', 'ASVA'],
      senderName: 'Dana',
      sendFrom: 'dana@example.com',
      emailSubject: 'Hi &#128640; there',
      replyTo: 'not-an-address',
      initials: 'DD',
      signature: 'full',
      sendPlatform: 'Gmail',
    });
    expect((screen.getByLabelText('Email subject') as HTMLInputElement).value).toBe('Hi 🚀 there');
    expect(screen.getByText('Enter an email address like name@example.com.')).toBeTruthy();
    // One undo step per field: undoing once takes back only the last field.
    draft.undo.undo();
    expect(detailOf(draft, '0').shareProfile).toMatchObject({ sendPlatform: '', signature: 'full' });
  });

  it('a test send posts the configuration and shows the answer as a toast; a failure too', async () => {
    const api = stubEditorApi();
    const draft = await openDraft(unsetFlow());
    renderPanel(draft, '0', api);
    fireEvent.change(screen.getByLabelText('Sender name'), { target: { value: 'Dana' } });
    fireEvent.change(screen.getByLabelText(/Send a test to/), { target: { value: 'qa@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('A test email has been sent to dana@example.com.')).toBeTruthy();
    expect(api.sendTestShareProfile.mock.calls[0]?.[0]).toMatchObject({
      workflowId: 42,
      to: 'qa@example.com',
      config: expect.objectContaining({ senderName: 'Dana' }),
    });
    api.sendTestShareProfile.mockImplementationOnce(async () => {
      throw new ApiError({ kind: 'rejected', status: 404, message: 'Share profile not found.' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(screen.getByText('Share profile not found.')).toBeTruthy());
    expect(vi.isMockFunction(api.sendTestShareProfile)).toBe(true);
  });
});
