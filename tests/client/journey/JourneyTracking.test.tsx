import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/ApiError.ts';
import { trackingAnswer } from './journeyFixtures.ts';
import { journeyStubs, renderJourney } from './renderJourney.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const domains = () => screen.queryAllByTestId('journey-domain').map((d) => d.firstChild?.textContent);
const addDomain = (value: string) => {
  fireEvent.change(screen.getByLabelText('Website domain'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
};

describe('Buyer journey › Tracking', () => {
  it('shows the tracking id and the snippet, which Copy puts on the clipboard', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderJourney('/buyer-journey/tracking');
    expect((await screen.findByTestId('journey-tracking-id')).textContent).toBe('tid_abcdefghijklmnopqrstuv');
    expect((screen.getByLabelText('Snippet') as HTMLTextAreaElement).value).toBe(trackingAnswer().snippet);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the snippet' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(trackingAnswer().snippet));
    expect(await screen.findByText('Copied: paste it into your website’s pages.')).toBeTruthy();
  });

  it('refuses a domain that is not a hostname, or one already listed, and saves the list', async () => {
    const { api } = renderJourney('/buyer-journey/tracking');
    await screen.findByTestId('journey-tracking-id');
    expect(domains()).toEqual(['www.acme.example']);
    expect(screen.getByRole('button', { name: 'Save domains' })).toHaveProperty('disabled', true);
    addDomain('not a domain!');
    expect(screen.getByText('Enter a website domain such as www.example.com.')).toBeTruthy();
    expect(screen.getByLabelText('Website domain').getAttribute('aria-invalid')).toBe('true');
    addDomain('WWW.Acme.Example');
    expect(screen.getByText('www.acme.example is already in the list.')).toBeTruthy();
    // A pasted address is read as its hostname, as the service reads it.
    addDomain(' https://Shop.Acme.Example/pricing ');
    expect(domains()).toEqual(['www.acme.example', 'shop.acme.example']);
    expect((screen.getByLabelText('Website domain') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Remove www.acme.example' }));
    expect(screen.getByText('Unsaved changes.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save domains' }));
    await waitFor(() =>
      expect(api.saveDomains).toHaveBeenCalledWith(['shop.acme.example'], expect.anything()),
    );
    expect(await screen.findByText('Saved: 1 domain.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save domains' })).toHaveProperty('disabled', true);
  });

  it('says when no domain is declared, and shows a refusal of the service', async () => {
    const saveDomains = vi.fn(async () => {
      throw new ApiError({
        kind: 'http',
        status: 400,
        message: 'localhost.localdomain is not a public domain.',
      });
    });
    renderJourney(
      '/buyer-journey/tracking',
      journeyStubs({ tracking: vi.fn(async () => ({ ...trackingAnswer(), domains: [] })), saveDomains }),
    );
    expect(await screen.findByText('No website domain yet')).toBeTruthy();
    addDomain('acme.example');
    fireEvent.click(screen.getByRole('button', { name: 'Save domains' }));
    const alert = await screen.findByText('The domains could not be saved');
    expect(
      within(alert.closest('[role="alert"]') ?? document.body).getByText(
        'localhost.localdomain is not a public domain.',
      ),
    ).toBeTruthy();
    expect(domains()).toEqual(['acme.example']);
  });

  it('settings that could not be loaded say so, with Try again', async () => {
    let down = true;
    const tracking = vi.fn(async () => {
      if (down) throw new ApiError({ kind: 'network', status: 0, message: 'The server cannot be reached.' });
      return trackingAnswer();
    });
    renderJourney('/buyer-journey/tracking', journeyStubs({ tracking }));
    expect(await screen.findByText('The tracking settings could not be loaded')).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('journey-tracking-id')).toBeTruthy();
  });
});
