import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JourneyCriteria, RecomputeJob } from '../../../domain/journeyScoring.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import { criteriaAnswer } from './journeyFixtures.ts';
import { journeyStubs, renderJourney } from './renderJourney.tsx';

afterEach(cleanup);

const SLOW = { timeout: 5000 };
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('Buyer journey › Scoring', () => {
  it('opens on the organisation’s criteria with a preview of the contacts per stage', async () => {
    const { api } = renderJourney('/buyer-journey/scoring');
    expect((await screen.findByLabelText('Email click')).getAttribute('value')).toBe('3');
    expect(field('Half-life (days)').value).toBe('30');
    expect(field('Page pattern 1').value).toBe('/pricing*');
    expect(field('Stage 6 name').value).toBe('Purchase');
    expect(field('Stage 6 from score').value).toBe('50');
    await waitFor(() => expect(screen.getAllByTestId('journey-preview-row')).toHaveLength(6));
    expect(api.criteriaPreview).toHaveBeenCalledWith(criteriaAnswer(), expect.anything());
    expect(screen.getByRole('button', { name: 'Save and recompute' })).toHaveProperty('disabled', true);
  });

  it('asks for the preview again once the typing settles, a newer one superseding the one in flight', async () => {
    const signals: AbortSignal[] = [];
    const criteriaPreview = vi.fn(
      (criteria: JourneyCriteria, signal?: AbortSignal) =>
        new Promise<{ stages: { name: string; min_score: number; contacts: number }[] }>(
          (resolve, reject) => {
            if (signal) signals.push(signal);
            signal?.addEventListener('abort', () =>
              reject(
                new ApiError({
                  kind: 'canceled',
                  status: 0,
                  message: 'Operation canceled due to new request.',
                }),
              ),
            );
            // The first preview never answers by itself; the later ones do.
            if (criteriaPreview.mock.calls.length > 1)
              resolve({ stages: criteria.stages.map((s) => ({ ...s, contacts: criteria.email_click })) });
          },
        ),
    );
    renderJourney('/buyer-journey/scoring', journeyStubs({ criteriaPreview }));
    await screen.findByLabelText('Email click');
    await waitFor(() => expect(criteriaPreview).toHaveBeenCalledTimes(1));
    type('Email click', '7');
    await waitFor(() => expect(criteriaPreview).toHaveBeenCalledTimes(2));
    expect(criteriaPreview.mock.calls[1]?.[0]).toMatchObject({ email_click: 7 });
    expect(signals[0]?.aborted).toBe(true);
    await waitFor(() => expect(screen.getAllByTestId('journey-preview-row')[0]?.textContent).toContain('7'));
    expect(screen.queryByText('The preview could not be loaded')).toBeNull();
  });

  it('marks a wrong field, asks no preview for it and keeps Save off', async () => {
    const { api } = renderJourney('/buyer-journey/scoring');
    await screen.findByLabelText('Email click');
    await waitFor(() => expect(api.criteriaPreview).toHaveBeenCalledTimes(1));
    type('Stage 3 from score', '3');
    expect(await screen.findByText('Stage Consideration must start above Interest (3).')).toBeTruthy();
    type('Unsubscribe', '4');
    expect(screen.getByText('Must be at most 0.')).toBeTruthy();
    type('Half-life (days)', '');
    expect(screen.getByText('Must be a whole number.')).toBeTruthy();
    expect(screen.getByText('Correct the criteria to see the preview')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save and recompute' })).toHaveProperty('disabled', true);
    // Corrected, the next preview is the first since the mistakes: none was asked for them.
    type('Stage 3 from score', '10');
    type('Unsubscribe', '-4');
    type('Half-life (days)', '14');
    await waitFor(() => expect(api.criteriaPreview).toHaveBeenCalledTimes(2));
    expect(vi.mocked(api.criteriaPreview).mock.calls[1]?.[0]).toMatchObject({
      unsubscribe: -4,
      half_life_days: 14,
    });
    expect(screen.getByRole('button', { name: 'Save and recompute' })).toHaveProperty('disabled', false);
  });

  it('adds and removes page patterns and stages', async () => {
    renderJourney('/buyer-journey/scoring');
    await screen.findByLabelText('Email click');
    fireEvent.click(screen.getByRole('button', { name: 'Add a page pattern' }));
    expect(screen.getAllByTestId('journey-pattern-row')).toHaveLength(3);
    type('Page pattern 3', 'blog');
    expect(screen.getByText('A page pattern is a path starting with /, e.g. /pricing*.')).toBeTruthy();
    type('Page pattern 3', '/blog/*');
    fireEvent.click(screen.getByRole('button', { name: 'Remove page pattern /pricing*' }));
    expect(screen.getAllByTestId('journey-pattern-row')).toHaveLength(2);
    expect(field('Page pattern 1').value).toBe('/demo*');
    expect(field('Page pattern 2').value).toBe('/blog/*');
    fireEvent.click(screen.getByRole('button', { name: 'Add a stage' }));
    expect(field('Stage 7 from score').value).toBe('100');
    expect(screen.getByText('A stage needs a name.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove stage 7' }));
    expect(screen.getAllByTestId('journey-stage-row')).toHaveLength(6);
  });

  it('Save sends the criteria, queues the recompute and shows its progress to the end', async () => {
    const readings: RecomputeJob[] = [
      { id: 9, state: 'running', done: 20, total: 40 },
      { id: 9, state: 'done', done: 40, total: 40 },
    ];
    const recompute = vi.fn(
      async () => readings.shift() ?? { id: 9, state: 'done' as const, done: 40, total: 40 },
    );
    const { api } = renderJourney('/buyer-journey/scoring', journeyStubs({ recompute }));
    await screen.findByLabelText('Email click');
    type('Email click', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Save and recompute' }));
    await waitFor(() =>
      expect(api.saveCriteria).toHaveBeenCalledWith(
        { ...criteriaAnswer(), email_click: 4 },
        expect.anything(),
      ),
    );
    expect(await screen.findByText('Criteria saved. The recompute of the scores is queued…')).toBeTruthy();
    expect(await screen.findByText('Recomputing scores: 20 of 40 contacts', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('Scores and stages recomputed for 40 contacts.', {}, SLOW)).toBeTruthy();
    expect(recompute).toHaveBeenCalledWith(9, expect.anything());
    // What was saved is now the criteria: nothing to save.
    expect(screen.getByRole('button', { name: 'Save and recompute' })).toHaveProperty('disabled', true);
  }, 10_000);

  it('a save the service refuses shows its message and keeps the changes', async () => {
    const saveCriteria = vi.fn(async () => {
      throw new ApiError({ kind: 'http', status: 400, message: 'At most 10 stages.' });
    });
    renderJourney('/buyer-journey/scoring', journeyStubs({ saveCriteria }));
    await screen.findByLabelText('Email click');
    type('Email click', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Save and recompute' }));
    expect(await screen.findByText('The criteria could not be saved')).toBeTruthy();
    expect(screen.getByText('At most 10 stages.')).toBeTruthy();
    expect(field('Email click').value).toBe('4');
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(field('Email click').value).toBe('3');
  });

  it('criteria that could not be loaded say so, with Try again', async () => {
    let down = true;
    const criteria = vi.fn(async () => {
      if (down) throw new ApiError({ kind: 'network', status: 0, message: 'The server cannot be reached.' });
      return criteriaAnswer();
    });
    renderJourney('/buyer-journey/scoring', journeyStubs({ criteria }));
    expect(await screen.findByText('The scoring criteria could not be loaded')).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Email click')).toBeTruthy();
  });
});
