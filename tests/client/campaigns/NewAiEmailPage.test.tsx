import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AiCreation, AiProgress } from '../../../domain/aiEmails.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import type { NewAiEmail } from '../../../src/api/aiEmailApi.ts';
import { aiEmails, renderCampaignScreen, variant } from './aiEmailFixtures.tsx';
import '../jsdomDialog.ts';

afterEach(cleanup);
const SLOW = { timeout: 5000 };
const FORM = '/campaigns/campaign?campaign_id=3&ai_email=1';

const audience = {
  listLists: async () =>
    ({
      total_count: 1,
      data: [{ list_id: 7, list_name: 'Newsletter Readers', totalContacts: 12 }],
    }) as never,
  listPeople: async () => ({ total_count: 0, has_more: false, data: [] }) as never,
};

async function fillForm() {
  fireEvent.change(await screen.findByLabelText('Email name', {}, SLOW), {
    target: { value: 'Spring launch' },
  });
  fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'Announce the spring launch' } });
}

async function chooseList() {
  fireEvent.click(await screen.findByRole('checkbox', { name: /Newsletter Readers/ }, SLOW));
}

describe('New AI email', () => {
  it('refuses an empty audience with the spec text, without asking the server', async () => {
    const create = vi.fn();
    renderCampaignScreen(FORM, { ai: { create }, audience });
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Write the variants' }));
    expect(await screen.findByText('Provide valid Audience for AI Email creation')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends the name, campaign, prompt, lists, chosen personalities (letters) and emails_to', async () => {
    const create = vi.fn((_: NewAiEmail) => new Promise<AiCreation>(() => undefined));
    renderCampaignScreen(FORM, {
      ai: { create, progress: async () => new Promise(() => undefined) },
      audience,
    });
    await fillForm();
    await chooseList();
    const personalities = screen.getByRole('group', { name: 'Personalities' });
    for (const name of [/Influencer/, /Others/])
      fireEvent.click(within(personalities).getByRole('checkbox', { name }));
    fireEvent.change(screen.getByLabelText(/Addressed to/), { target: { value: 'Customers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Write the variants' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const sent = create.mock.calls[0]?.[0];
    expect(sent).toMatchObject({
      name: 'Spring launch',
      campaignId: 3,
      prompt: 'Announce the spring launch',
      listIds: [7],
      contactIds: [],
      personalities: ['D', 'S', 'C'],
      emailsTo: 'Customers',
    });
    expect(sent?.aiId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Writing the variants')).toBeTruthy();
  });

  it('shows the progress, and Cancel asks cancel_ai_email/ for that request and keeps the form', async () => {
    const create = vi.fn((_: NewAiEmail) => new Promise<AiCreation>(() => undefined));
    const progress = vi.fn(
      async (): Promise<AiProgress> => ({
        state: 'running',
        done: 1,
        total: 3,
        generation_id: 9,
        message: null,
      }),
    );
    const cancel = vi.fn(async () => undefined);
    renderCampaignScreen(FORM, { ai: { create, progress, cancel }, audience });
    await fillForm();
    await chooseList();
    fireEvent.click(screen.getByRole('button', { name: 'Write the variants' }));
    expect(await screen.findByText('1 variant of 3 written', {}, SLOW)).toBeTruthy();
    expect(progress).toHaveBeenCalledWith(create.mock.calls[0]?.[0].aiId, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Nothing of this AI email was kept.')).toBeTruthy();
    expect(cancel).toHaveBeenCalledWith(create.mock.calls[0]?.[0].aiId, expect.anything());
    expect((screen.getByLabelText('Email name') as HTMLInputElement).value).toBe('Spring launch');
  });

  it("shows the provider's failure text exactly, and the form again", async () => {
    const create = vi.fn(async () => {
      throw new ApiError({ kind: 'http', status: 502, message: 'AI_GENERATIVE_EMAIL_API Failed!!' });
    });
    renderCampaignScreen(FORM, { ai: { create }, audience });
    await fillForm();
    await chooseList();
    fireEvent.click(screen.getByRole('button', { name: 'Write the variants' }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('The AI email was not created');
    expect(alert.textContent).toContain('AI_GENERATIVE_EMAIL_API Failed!!');
    expect(screen.getByRole('button', { name: 'Write the variants' })).toBeTruthy();
  });

  it('opens the review of the new AI email once its variants are written', async () => {
    const written = [variant(51, 'Dominant'), variant(52, 'Steady'), variant(53, 'Conscientious')];
    const create = vi.fn(async () => ({ generation_id: 9, campaign_id: 3, emails: written }));
    const { location } = renderCampaignScreen(FORM, {
      ai: { create, emails: async () => aiEmails(written) },
      audience,
    });
    await fillForm();
    await chooseList();
    fireEvent.click(screen.getByRole('button', { name: 'Write the variants' }));
    expect(await screen.findByRole('heading', { name: 'Spring launch' }, SLOW)).toBeTruthy();
    expect(location().search).toMatchObject({ campaign_id: '3', ai_email: '1', generation_id: '9' });
    expect(screen.getAllByTestId('ai-variant')).toHaveLength(3);
  });
});
