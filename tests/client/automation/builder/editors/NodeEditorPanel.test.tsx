import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { editNode } from '../../../../../src/engine/commands/editNode.ts';
import { sampleFlow } from '../../../../engine/workflowFixtures.ts';
import { detailOf, openDraft, renderPanel, stubEditorApi } from './editorFixtures.tsx';

afterEach(() => cleanup());

describe('NodeEditorPanel', { timeout: 20_000 }, () => {
  it('is a labelled complementary region; the close button and Escape close it', async () => {
    const draft = await openDraft(sampleFlow());
    const { onClose } = renderPanel(draft, 'e1');
    const panel = screen.getByRole('complementary', { name: 'End' });
    expect(screen.getByText(/The workflow ends here/)).toBeTruthy();
    expect(panel.querySelector('input')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'End' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close the End editor' }));
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('add to list: the searchable list picker writes the list', async () => {
    const api = stubEditorApi();
    const draft = await openDraft(sampleFlow());
    renderPanel(draft, 'a1', api);
    expect(screen.getByText('Engaged', { selector: 'strong' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: /Customers/ }));
    expect(detailOf(draft, 'a1').list).toEqual({ id: 6, name: 'Customers' });
    fireEvent.change(screen.getByLabelText('Search lists'), { target: { value: ' VIP ' } });
    await waitFor(() => expect(api.getUserContactLists).toHaveBeenCalledWith('VIP', expect.anything()));
  });

  it('the list picker has an empty state', async () => {
    const api = stubEditorApi({
      getUserContactLists: async () => ({ success: true as const, data: [] }),
    });
    const draft = await openDraft(sampleFlow());
    renderPanel(draft, 'a1', api, { routed: true });
    expect(await screen.findByText('No lists yet')).toBeTruthy();
    // It says where lists are made, and links there.
    expect(screen.getByRole('link', { name: 'Audiences › Lists' }).getAttribute('href')).toBe(
      '/audiences/lists',
    );
  });

  it('the step name is written as title and nodeTitle, one undo step per field', async () => {
    const draft = await openDraft(sampleFlow());
    renderPanel(draft, 'd1');
    const name = screen.getByLabelText('Step name');
    fireEvent.change(name, { target: { value: 'W' } });
    fireEvent.change(name, { target: { value: 'Wait' } });
    fireEvent.change(screen.getByLabelText('Wait for'), { target: { value: '4' } });
    expect(detailOf(draft, 'd1')).toMatchObject({ title: 'Wait', nodeTitle: 'Wait', duration: { value: 4 } });
    draft.undo.undo();
    expect(detailOf(draft, 'd1')).toMatchObject({ title: 'Wait', duration: { value: 1 } });
    draft.undo.undo();
    expect(detailOf(draft, 'd1').title).toBe('Delay');
  });

  it('the trigger: shows the trigger and changes its email', async () => {
    const draft = await openDraft(sampleFlow());
    renderPanel(draft, 'trigger');
    expect(screen.getByRole('heading', { name: 'Trigger' })).toBeTruthy();
    expect(screen.getByText('Email open')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Follow up/ }));
    expect(draft.getSnapshot().meta).toMatchObject({ email_id: 12, email_name: 'Follow up' });
  });

  it("changing the trigger's email that a condition tests is refused: onConstraint, the email stays", async () => {
    const draft = await openDraft(sampleFlow(), { email_id: 21, email_name: 'Trigger mail' });
    draft.run(editNode, {
      nodeId: 'c1',
      patch: {
        conditions: [
          {
            conditionType: 'has opened',
            controlId: 1,
            controlName: 'has opened',
            emailId: 21,
            emailName: 'Trigger mail',
          },
        ],
      },
    });
    const { onConstraint } = renderPanel(draft, 'trigger');
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Follow up/ }));
    expect(onConstraint).toHaveBeenCalledTimes(1);
    expect(onConstraint.mock.calls[0]?.[0]).toMatchObject({
      emails: [{ emailId: 21, emailName: 'Trigger mail' }],
      conditions: [{ nodeId: 'c1' }],
    });
    expect(draft.getSnapshot().meta).toMatchObject({ email_id: 21 });
  });

  it('a trigger on a list changes its list', async () => {
    const draft = await openDraft(sampleFlow(), {
      trigger_id: 14,
      trigger_name: 'Subscribes to a list',
      email_id: null,
      email_name: null,
      list_id: 5,
      list_name: 'Engaged',
    });
    renderPanel(draft, 'trigger');
    fireEvent.click(screen.getByRole('button', { name: 'Change list' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Customers/ }));
    expect(draft.getSnapshot().meta).toMatchObject({ list_id: 6, list_name: 'Customers' });
  });

  it('a removed step says so', async () => {
    const draft = await openDraft(sampleFlow());
    renderPanel(draft, 'gone');
    expect(screen.getByText('This step no longer exists')).toBeTruthy();
  });
});
