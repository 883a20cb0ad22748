import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadedImage } from '../../../domain/publishAnswers.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import { type PublishApi, publishApi } from '../../../src/api/publishApi.ts';
import { DESIGN_DRAFTS } from '../../../src/engine/design/DesignDraft.ts';
import { DraftStore } from '../../../src/engine/draft/DraftStore.ts';
import { CampaignsPage } from '../../../src/modules/campaigns/components/CampaignsPage.tsx';
import {
  appServices,
  type Services,
  ServicesContext,
} from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';
import '../jsdomDialog.ts';
import { designOf, editionDesign } from './designerFixtures.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
const SLOW = { timeout: 5000 };

function renderDesigner(stubs: Partial<PublishApi>, designDrafts?: Services['designDrafts']) {
  const root = createRootRoute();
  const route = createRoute({
    getParentRoute: () => root,
    path: '/campaigns/{-$page}/{-$tab}/{-$subTab}',
    component: function Campaigns() {
      const params = route.useParams() as { page?: string; tab?: string };
      return <CampaignsPage page={params.page} tab={params.tab} />;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({
      initialEntries: ['/campaigns/editionedit/design?campaign_id=3&email_id=4&version_id=41'],
    }),
    defaultErrorComponent: ({ error }) => <p>Route error: {(error as Error).message}</p>,
  });
  const drafts = new DraftStore(DESIGN_DRAFTS, {
    persistence: null,
    channelFactory: null,
    peerSyncTimeoutMs: 0,
  });
  render(
    <ServicesContext.Provider
      value={{
        ...appServices,
        publishApi: { ...publishApi, ...stubs },
        designDrafts: designDrafts ?? (async () => drafts),
      }}
    >
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ServicesContext.Provider>,
  );
}

const blockOrder = () =>
  screen.getAllByTestId('canvas-block').map((element) => element.getAttribute('data-block-id'));

describe('Email designer', () => {
  it('drafts whose code could not be loaded go to the route’s error panel, which retries the screen', async () => {
    renderDesigner({ getDesign: async () => editionDesign() }, async () => {
      throw new Error('Failed to fetch dynamically imported module: /assets/DesignDraft-x.js');
    });
    expect(
      await screen.findByText(/Route error: Failed to fetch dynamically imported module/, undefined, SLOW),
    ).toBeTruthy();
  });

  it('shows the edition design with its curated articles; Alt+Arrow keys reorder a block and say so', async () => {
    renderDesigner({ getDesign: async () => editionDesign() });
    expect(await screen.findByRole('group', { name: 'Button block' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Cloud costs fall again')).toBeTruthy();
    expect(blockOrder()).toEqual(['h1', 't1', 'b1', 'l1']);
    const button = screen.getByRole('group', { name: 'Button block' });
    act(() => button.focus());
    fireEvent.keyDown(button, { key: 'ArrowUp', altKey: true });
    expect(blockOrder()).toEqual(['h1', 'b1', 't1', 'l1']);
    await waitFor(() =>
      expect(screen.getByTestId('designer-announcer').textContent).toBe('Button moved to position 2 of 4.'),
    );
    fireEvent.keyDown(screen.getByRole('group', { name: /Button block/ }), {
      key: 'ArrowDown',
      altKey: true,
    });
    fireEvent.keyDown(screen.getByRole('group', { name: /Button block/ }), {
      key: 'ArrowDown',
      altKey: true,
    });
    expect(blockOrder()).toEqual(['h1', 't1', 'l1', 'b1']);
    expect(screen.getByTestId('draft-status').textContent).toBe('Draft kept locally: not saved yet');
    // Undo puts it back one step at a time; back at the saved order the draft is clean again.
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(blockOrder()).toEqual(['h1', 't1', 'b1', 'l1']);
    expect(screen.getByTestId('draft-status').textContent).toBe('All changes saved');
  });

  it('Ctrl+Z and Ctrl+Y anywhere on the page (the focus on nothing, or in a draft field) are the toolbar’s Undo and Redo', async () => {
    renderDesigner({ getDesign: async () => editionDesign() });
    await screen.findByRole('group', { name: 'Button block' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Add Divider' }));
    expect(blockOrder()).toHaveLength(5);
    // The focus on the page itself (a disabled button it was on lets it go): the key still undoes.
    expect(fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true })).toBe(false);
    expect(blockOrder()).toEqual(['h1', 't1', 'b1', 'l1']);
    expect(fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true })).toBe(false);
    expect(blockOrder()).toHaveLength(5);
    // In the version name (a field of the draft): the draft's Undo, one step for the burst of typing.
    const name = screen.getByLabelText('Version name');
    fireEvent.change(name, { target: { value: 'Issue 2' } });
    fireEvent.keyDown(name, { key: 'z', ctrlKey: true });
    expect((name as HTMLInputElement).value).toBe('Issue 1');
    expect(blockOrder()).toHaveLength(5);
    // The browser's own undo (its Edit menu) is the draft's too, never a change behind its back.
    const undoInput = new InputEvent('beforeinput', {
      inputType: 'historyUndo',
      cancelable: true,
      bubbles: true,
    });
    act(() => {
      document.body.dispatchEvent(undoInput);
    });
    expect(undoInput.defaultPrevented).toBe(true);
    expect(blockOrder()).toEqual(['h1', 't1', 'b1', 'l1']);
  });

  it('a columns block takes a third column from its properties, and going back to two keeps every block', async () => {
    const design = designOf();
    const place = { padding: [0, 0, 0, 0] as [number, number, number, number], align: 'left' as const };
    design.blocks.push({
      ...place,
      background: null,
      id: 'c1',
      kind: 'columns',
      columns: [
        [{ ...place, background: null, id: 'ca', kind: 'text', html: '<p>Left words</p>' }],
        [{ ...place, background: null, id: 'cb', kind: 'text', html: '<p>Right words</p>' }],
      ],
    });
    renderDesigner({ getDesign: async () => editionDesign(design) });
    const block = await screen.findByRole('group', { name: 'Columns block' }, SLOW);
    const columns = () => block.querySelectorAll('[data-column]');
    expect(columns()).toHaveLength(2);
    fireEvent.click(block);
    const panel = screen.getByRole('complementary', { name: 'Block properties' });
    const count = within(panel).getByLabelText('Columns') as HTMLSelectElement;
    expect(count.value).toBe('2');
    fireEvent.change(count, { target: { value: '3' } });
    await waitFor(() => expect(columns()).toHaveLength(3));
    expect(columns()[2]?.querySelector('[data-testid="canvas-block"]')).toBeNull();
    expect(screen.getByTestId('draft-status').textContent).toBe('Draft kept locally: not saved yet');
    fireEvent.change(within(panel).getByLabelText('Columns'), { target: { value: '2' } });
    await waitFor(() => expect(columns()).toHaveLength(2));
    expect(block.textContent).toContain('Left words');
    expect(block.textContent).toContain('Right words');
  });

  it('Save sends the version name and design; the saved flag shows for 2000 ms', async () => {
    const saveDesign = vi.fn(async (input: { versionName: string }) => ({
      version_name: input.versionName,
      design_saved_at: '2026-11-27T10:00:00Z',
      preview_text: null,
    }));
    renderDesigner({ getDesign: async () => editionDesign(), saveDesign });
    const name = await screen.findByLabelText('Version name', {}, SLOW);
    fireEvent.change(name, { target: { value: 'Issue 2' } });
    // The machine's 2000 ms flag runs on a fake clock from here on.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await act(async () => {
      for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
    });
    expect(screen.getByTestId('draft-status').textContent).toBe('Design saved');
    expect(saveDesign).toHaveBeenCalledTimes(1);
    expect(saveDesign.mock.calls[0]?.[0]).toMatchObject({
      versionId: 41,
      versionName: 'Issue 2',
      design: designOf(),
    });
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByTestId('draft-status').textContent).toBe('Design saved');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('draft-status').textContent).toBe('All changes saved');
  });

  it('the text version follows a save at once (open during the save too), and Keep this text keeps that text', async () => {
    const saved = 'Hello readers, now longer\n\nGo [https://example.com]\n\nNew divider text';
    const saveDesign = vi.fn(async (input: { versionName: string }) => ({
      version_name: input.versionName,
      design_saved_at: '2026-11-27T10:00:00Z',
      preview_text: saved,
    }));
    const updateTextPreview = vi.fn(async (input: { text: string }) => input.text);
    renderDesigner({ getDesign: async () => editionDesign(), saveDesign, updateTextPreview });
    await screen.findByRole('group', { name: 'Button block' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Add Divider' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Text version' }));
    const text = screen.getByRole('textbox', { name: 'Text version' }) as HTMLTextAreaElement;
    expect(text.value).toBe('Hello readers');
    expect(screen.getByText('The design has changes that are not saved yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(text.value).toBe(saved));
    expect(screen.queryByText('The design has changes that are not saved yet')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Keep this text' }));
    await waitFor(() => expect(updateTextPreview).toHaveBeenCalledWith({ versionId: 41, text: saved }));
    // Opened after a save, it shows the saved text too.
    fireEvent.click(screen.getByRole('tab', { name: 'Design' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Text version' }));
    expect((screen.getByRole('textbox', { name: 'Text version' }) as HTMLTextAreaElement).value).toBe(saved);
  });

  it('an image dropped on the image block’s properties uploads with its progress, is set in one undoable change, and a refusal is said', async () => {
    const design = designOf();
    design.blocks.push({
      padding: [0, 0, 0, 0],
      align: 'center',
      background: null,
      id: 'i1',
      kind: 'image',
      src: '',
      alt: '',
      href: '',
      width: 552,
    });
    let finish: (image: UploadedImage) => void = () => {};
    const uploadImage = vi.fn(
      (_file: Blob, options: { onProgress?: (share: number) => void } = {}) =>
        new Promise<UploadedImage>((resolve) => {
          options.onProgress?.(0.4);
          finish = resolve;
        }),
    );
    renderDesigner({ getDesign: async () => editionDesign(design), uploadImage });
    fireEvent.click(await screen.findByRole('group', { name: 'Image block' }, SLOW));
    const drop = (file: File) =>
      fireEvent.drop(screen.getByTestId('image-drop'), { dataTransfer: { files: [file], types: ['Files'] } });
    // Not an image: said at once, nothing sent.
    drop(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a PNG, JPEG, GIF or WebP image.');
    expect(uploadImage).not.toHaveBeenCalled();
    drop(new File(['png'], 'team-photo.png', { type: 'image/png' }));
    const progress = await screen.findByRole('progressbar', { name: 'Uploading team-photo.png…' });
    await waitFor(() => expect(progress.getAttribute('value')).toBe('40'));
    await act(async () =>
      finish({ id: 'u1', url: '/uploads/u1.png', width: 800, height: 400, byte_size: 3 }),
    );
    const image = await screen.findByRole('img', { name: 'team photo' });
    expect(image.getAttribute('src')).toBe('/uploads/u1.png');
    expect((screen.getByLabelText('Width (px)') as HTMLInputElement).value).toBe('600');
    // One change: one Undo takes the address, the width and the alt text back.
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.queryByRole('img', { name: 'team photo' })).toBeNull();
    expect((screen.getByLabelText('Width (px)') as HTMLInputElement).value).toBe('552');
    // A refusal of the server is shown where the upload is.
    uploadImage.mockRejectedValueOnce(
      new ApiError({
        kind: 'http',
        status: 400,
        message: 'That file is not a PNG, JPEG, GIF or WebP image.',
      }),
    );
    drop(new File(['png'], 'fake.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That file is not a PNG, JPEG, GIF or WebP image.',
    );
  });

  it('the text’s Field button inserts a personal field with its fallback where the cursor is', async () => {
    renderDesigner({ getDesign: async () => editionDesign() });
    await screen.findByRole('group', { name: 'Button block' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Personal field in Text' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert a personal field' }, SLOW);
    fireEvent.change(within(dialog).getByLabelText('Field'), { target: { value: 'company' } });
    fireEvent.change(within(dialog).getByLabelText('When a recipient has none, show'), {
      target: { value: 'your team' },
    });
    expect(within(dialog).getByText('{{company|your team}}')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    const text = screen.getByRole('textbox', { name: 'Text' });
    await waitFor(() => expect(text.textContent).toContain('{{company|your team}}'), SLOW);
    expect(screen.getByTestId('draft-status').textContent).toBe('Draft kept locally: not saved yet');
  });

  it('emailNameExists is shown on the version name field', async () => {
    const saveDesign = vi.fn(async () => {
      throw new ApiError(
        { kind: 'rejected', status: 200, message: 'emailNameExists' },
        { success: false, message: 'emailNameExists', error: 'emailNameExists' },
      );
    });
    renderDesigner({ getDesign: async () => editionDesign(), saveDesign });
    const name = await screen.findByLabelText('Version name', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/already has this name/)).toBeTruthy();
  });

  it('a button without a link is refused before sending and its block is highlighted', async () => {
    const saveDesign = vi.fn();
    renderDesigner({ getDesign: async () => editionDesign(designOf('')), saveDesign });
    await screen.findByLabelText('Version name', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const block = await screen.findByRole('group', { name: /Button block/ });
    await waitFor(() => expect(block.className).toContain('designer-block--fault'));
    expect(saveDesign).not.toHaveBeenCalled();
    expect(within(document.body).getByText(/has no target/)).toBeTruthy();
  });

  it('a failed load shows the error with Try again', async () => {
    let calls = 0;
    renderDesigner({
      getDesign: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError({ kind: 'http', status: 500, message: 'Server down' });
        return editionDesign();
      },
    });
    expect(await screen.findByText('The design could not be loaded', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Button block' }, SLOW)).toBeTruthy();
  });
});
