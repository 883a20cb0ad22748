import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AiVariant } from '../../../domain/aiEmails.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import { aiEmails, renderCampaignScreen, variant } from './aiEmailFixtures.tsx';
import '../jsdomDialog.ts';

afterEach(cleanup);
const SLOW = { timeout: 5000 };
const REVIEW = '/campaigns/campaign?campaign_id=3&ai_email=1&generation_id=9';
const three = (): AiVariant[] => [
  variant(51, 'Dominant', { segment_size: 4 }),
  variant(52, 'Steady', { segment_size: 1 }),
  variant(53, 'Conscientious', { is_reviewed: true }),
];
const card = (type: string) =>
  screen.getAllByTestId('ai-variant').find((li) => li.dataset.personality === type) as HTMLElement;

describe('AI email review', () => {
  it('shows the variants side by side: personality and code, segment size, subject, preview, review state', async () => {
    renderCampaignScreen(REVIEW, { ai: { emails: async () => aiEmails(three()) } });
    expect(await screen.findByRole('heading', { name: 'Spring launch' }, SLOW)).toBeTruthy();
    const dominant = card('Dominant');
    expect(dominant.textContent).toContain('ADVA');
    expect(dominant.textContent).toContain('4 recipients');
    expect(dominant.textContent).toContain('Dominant: the spring launch');
    expect(card('Steady').textContent).toContain('1 recipient');
    expect(within(card('Conscientious')).getByText('Reviewed')).toBeTruthy();
    // Every variant's preview (asked one after the other: a newer preview request supersedes one in flight).
    for (const type of ['Dominant', 'Steady', 'Conscientious'])
      expect(await within(card(type)).findByTitle(`Preview of the ${type} variant`)).toBeTruthy();
    expect(screen.getByText('1 of 3 reviewed', { exact: false })).toBeTruthy();
    const open = within(dominant).getByRole('link', { name: 'Open the Dominant variant in the designer' });
    expect(open.getAttribute('href')).toBe(
      '/campaigns/editionedit/design?campaign_id=3&email_id=51&version_id=510',
    );
  });

  it('says plainly when the built-in composer wrote them, and names the model otherwise', async () => {
    renderCampaignScreen(REVIEW, { ai: { emails: async () => aiEmails(three()) } });
    expect(await screen.findByText('Built-in composer, no language model configured', {}, SLOW)).toBeTruthy();
    cleanup();
    renderCampaignScreen(REVIEW, { ai: { emails: async () => aiEmails(three(), 'model:llama3.1') } });
    expect(await screen.findByText('Written by llama3.1', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText(/Built-in composer/)).toBeNull();
  });

  it('marks a variant reviewed and shows it as the server has it', async () => {
    let reviewed = false;
    const review = vi.fn(async () => {
      reviewed = true;
    });
    const emails = vi.fn(async () =>
      aiEmails([variant(51, 'Dominant', { is_reviewed: reviewed }), variant(52, 'Steady')]),
    );
    renderCampaignScreen(REVIEW, { ai: { emails, review } });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark the Dominant variant reviewed' }, SLOW));
    await waitFor(() => expect(within(card('Dominant')).getByText('Reviewed')).toBeTruthy());
    expect(review).toHaveBeenCalledWith({ generationId: 9, emailId: 51, reviewed: true, visited: false });
  });

  it('regenerates the selected variants from a new prompt', async () => {
    const regenerate = vi.fn(async () => [variant(52, 'Steady')]);
    renderCampaignScreen(REVIEW, { ai: { emails: async () => aiEmails(three()), regenerate } });
    const button = await screen.findByRole('button', { name: 'Regenerate selected' }, SLOW);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the Steady variant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate 1 variant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate the chosen variants' });
    const prompt = within(dialog).getByLabelText('New prompt') as HTMLTextAreaElement;
    expect(prompt.value).toBe('Announce the spring launch');
    fireEvent.change(prompt, { target: { value: 'Shorter, with the date' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() =>
      expect(regenerate).toHaveBeenCalledWith(
        { emailIds: [52], prompt: 'Shorter, with the date' },
        expect.anything(),
      ),
    );
    expect(await screen.findByText('1 variant written again.')).toBeTruthy();
  });

  it("shows the server's text when regenerating fails", async () => {
    const regenerate = vi.fn(async () => {
      throw new ApiError({ kind: 'http', status: 502, message: 'AI_GENERATIVE_EMAIL_API Failed!!' });
    });
    renderCampaignScreen(REVIEW, { ai: { emails: async () => aiEmails(three()), regenerate } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select the Dominant variant' }, SLOW));
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate 1 variant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate the chosen variants' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'AI_GENERATIVE_EMAIL_API Failed!!',
    );
  });

  it("detect new personality: the new ones named, or 'No new personality found!'", async () => {
    const detectNewPersonality = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError({ kind: 'http', status: 400, message: 'No new personality found!' }),
      )
      .mockResolvedValueOnce(['I', 'O']);
    renderCampaignScreen(REVIEW, { ai: { emails: async () => aiEmails(three()), detectNewPersonality } });
    fireEvent.click(await screen.findByRole('button', { name: 'Detect new personality' }, SLOW));
    expect(await screen.findByText('No new personality found!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Detect new personality' }));
    expect(await screen.findByText(/Influencer and Others joined the audience/)).toBeTruthy();
    expect(detectNewPersonality).toHaveBeenCalledWith(9, expect.anything());
  });

  it('changes the template of every variant through the template picker', async () => {
    const changeTemplate = vi.fn(async () => three());
    renderCampaignScreen(REVIEW, {
      ai: { emails: async () => aiEmails(three()), changeTemplate },
      publish: {
        listTemplates: async () =>
          ({
            total_count: 1,
            data: [{ id: 4, name: 'Announcement', description: '', thumbnail: null, is_mine: false }],
          }) as never,
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change template' }, SLOW));
    fireEvent.click(await screen.findByRole('button', { name: 'Use template Announcement' }, SLOW));
    await waitFor(() =>
      expect(changeTemplate).toHaveBeenCalledWith({ generationId: 9, templateId: 4 }, expect.anything()),
    );
    expect(await screen.findByText('Every variant now uses that template.')).toBeTruthy();
  });

  it('clones the AI email and opens the copy', async () => {
    const clone = vi.fn(async () => ({ generation_id: 12 }));
    const emails = vi.fn(async (id: number) => aiEmails(three(), 'built-in', id));
    const { location } = renderCampaignScreen(REVIEW, { ai: { emails, clone } });
    fireEvent.click(await screen.findByRole('button', { name: 'Clone' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Clone this AI email' });
    expect((within(dialog).getByLabelText('Name of the copy') as HTMLInputElement).value).toBe(
      'Copy of Spring launch',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(location().search).toMatchObject({ generation_id: '12' }));
    expect(clone).toHaveBeenCalledWith(
      { generationId: 9, name: 'Copy of Spring launch', campaignId: 3 },
      expect.anything(),
    );
    await waitFor(() => expect(emails).toHaveBeenCalledWith(12, expect.anything()));
  });

  it("send shows every variant's checks: an error blocks it, a warning is confirmed, then publish_ai_email/", async () => {
    const send = vi.fn(async () => ({ generation_id: 9, sends: [] }));
    // The server's answer: each variant's send checks with its segment as its audience.
    const preflight = vi.fn(async () => ({
      generation_id: 9,
      variants: three().map((v) => ({
        email_id: v.email_id,
        version_id: v.version_id,
        ai_type: v.ai_type,
        recipients: v.segment_size,
        errors:
          v.version_id === 520
            ? [{ code: 'postal_address', message: 'Add a postal address to the footer.' }]
            : [],
        warnings: [],
      })),
    }));
    renderCampaignScreen(REVIEW, {
      ai: { emails: async () => aiEmails(three()), send, preflight },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Send this AI email' });
    expect(await within(dialog).findByText(/Add a postal address to the footer/)).toBeTruthy();
    expect(
      within(dialog).getByText('Fix these before sending').closest('[role="alert"]')?.textContent,
    ).toContain('Steady');
    expect((within(dialog).getByRole('button', { name: 'Send now' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(preflight).toHaveBeenCalledWith(9, expect.anything());
    expect(send).not.toHaveBeenCalled();
  });

  it('sends once every variant passes its checks (warnings confirmed)', async () => {
    const send = vi.fn(async () => ({ generation_id: 9, sends: [] }));
    const preflight = vi.fn(async () => ({
      generation_id: 9,
      variants: three().map((v) => ({
        email_id: v.email_id,
        version_id: v.version_id,
        ai_type: v.ai_type,
        recipients: v.segment_size,
        errors: [],
        warnings: [{ code: 'no_plain_text', message: 'The text version is empty.' }],
      })),
    }));
    renderCampaignScreen(REVIEW, {
      ai: { emails: async () => aiEmails(three()), send, preflight },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Send this AI email' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Send despite these warnings' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith({ generationId: 9, confirmWarnings: true }, expect.anything()),
    );
    expect(
      await screen.findByText('Sent: each recipient gets the variant of their personality.'),
    ).toBeTruthy();
  });
});
