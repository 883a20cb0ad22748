import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { workflowApi } from '../../../../../src/api/workflowApi.ts';
import { addNode } from '../../../../../src/engine/commands/addNode.ts';
import type { WorkflowDraft } from '../../../../../src/engine/WorkflowDraft.ts';
import { useWorkflowSaveActor } from '../../../../../src/modules/automation/builder/hooks/useWorkflowSaveActor.ts';
import { ToastProvider } from '../../../../../src/ui/ToastProvider.tsx';
import { sampleFlow, serverWorkflow } from '../../../../engine/workflowFixtures.ts';
import { json, stubFetch } from '../../../api/fetchStub.ts';
import { openDraft } from '../editors/editorFixtures.tsx';

let fetchStub: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetchStub = stubFetch();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The builder's save actor on a draft (saved with email 11) given a new step that sends email 12. */
async function saveActorWithNewEmail() {
  const draft: WorkflowDraft = await openDraft(sampleFlow());
  const added = draft.run(addNode, {
    at: { parentId: 'd1', slot: 0 },
    type: 'send email',
    detail: { emailId: 12, emailName: 'Follow-up' },
  });
  if (!added.ok) throw new Error('the send-email step was not added');
  const { result } = renderHook(() => useWorkflowSaveActor(draft, workflowApi), { wrapper: ToastProvider });
  return { draft, actor: result.current };
}

const sentPaths = () => fetchStub.calls.map((call) => new URL(call.url, 'http://x.test').pathname);

describe('useWorkflowSaveActor: the builder’s save', () => {
  it('sends the draft and its email mapping changes in exactly one update_workflow/ request', async () => {
    fetchStub.setAnswer(async () =>
      json({ success: true, message: 'saved', data: serverWorkflow(sampleFlow(), { version: 2 }) }),
    );
    const { draft, actor } = await saveActorWithNewEmail();
    act(() => actor.send({ type: 'save.save' }));
    await waitFor(actor, (snapshot) => snapshot.matches('saved'));

    expect(sentPaths()).toEqual(['/api/workflow/update_workflow/']);
    const body = new URLSearchParams(String(fetchStub.calls[0]?.init.body));
    expect(body.get('workflow_id')).toBe('42');
    expect(body.get('add_emails')).toBe('12');
    expect(body.get('remove_emails')).toBe('');
    expect(Object.values(JSON.parse(body.get('workflow') ?? '{}'))).toContainEqual(
      expect.objectContaining({
        type: 'send email',
        parentId: 'd1',
        detail: expect.objectContaining({ emailId: 12 }),
      }),
    );
    expect(draft.getSnapshot().dirty).toBe(false);
  });

  it('a refused save is one request too, and leaves the draft with its unsaved changes', async () => {
    fetchStub.setAnswer(async () =>
      json({ success: false, message: 'add_emails: 12 is not an email of your organisation.' }, 400),
    );
    const { draft, actor } = await saveActorWithNewEmail();
    act(() => actor.send({ type: 'save.save' }));
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));

    expect(sentPaths()).toEqual(['/api/workflow/update_workflow/']);
    expect(actor.getSnapshot().context.notice?.text).toBe(
      'add_emails: 12 is not an email of your organisation.',
    );
    expect(draft.getSnapshot().dirty).toBe(true);
    expect(draft.prepareSave().emailMapping).toEqual({ add_emails: [12], remove_emails: [] });
  });
});
