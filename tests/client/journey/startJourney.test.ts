import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startJourney, VISITOR_KEY } from '../../../public-pages/journey/startJourney.ts';

type Sent = { url: string; body: Record<string, unknown> };

const TID = 'T'.repeat(22);
let sent: Sent[];
const send = async (url: string, body: object) => {
  sent.push({ url, body: body as Record<string, unknown> });
  return true;
};
const originalPushState = window.history.pushState;

function scriptTag(attributes: Record<string, string> = {}): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = 'https://workbench.example/j/journey.js';
  script.dataset.tid = TID;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  return script;
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  sent = [];
  window.localStorage.clear();
  window.history.replaceState(null, '', '/start');
  document.title = 'Start';
});
afterEach(() => {
  window.history.pushState = originalPushState;
});

describe('the tracking script', () => {
  it('records the page view to the script origin, keeping the visitor id in localStorage and setting no cookie', async () => {
    startJourney({ window, script: scriptTag(), send });
    await flush();
    expect(sent).toEqual([
      {
        url: 'https://workbench.example/api/journey/collect/',
        body: expect.objectContaining({
          tid: TID,
          type: 'page_view',
          url: `${window.location.origin}/start`,
          title: 'Start',
        }),
      },
    ]);
    const vid = window.localStorage.getItem(VISITOR_KEY);
    expect(vid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(sent[0]?.body.vid).toBe(vid);
    expect(document.cookie).toBe('');
  });

  it('counts in-page navigations (pushState, Back) as page views, with the page before as referrer', async () => {
    startJourney({ window, script: scriptTag(), send });
    window.history.pushState({}, '', '/pricing');
    document.title = 'Pricing';
    await flush();
    window.history.back();
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    await flush();
    expect(
      sent.map((s) => [
        new URL(String(s.body.url)).pathname,
        new URL(String(s.body.referrer || 'x:/')).pathname,
      ]),
    ).toEqual([
      ['/start', '/'],
      ['/pricing', '/start'],
      ['/start', '/pricing'],
    ]);
    expect(sent[1]?.body.title).toBe('Pricing');
    expect(new Set(sent.map((s) => s.body.eid)).size).toBe(3);
  });

  it('exchanges the click-through token first and once, and removes it from the address at once', async () => {
    window.history.replaceState(null, '', '/landing?plan=pro&wb_jt=1.2.3.abc.sig');
    startJourney({ window, script: scriptTag(), send });
    expect(window.location.search).toBe('?plan=pro');
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toEqual({
      url: 'https://workbench.example/api/journey/identify/',
      body: { tid: TID, vid: window.localStorage.getItem(VISITOR_KEY), token: '1.2.3.abc.sig' },
    });
    // The view carries the address as landed on (the server reads the token as "from email", stores it without).
    expect(sent[1]?.body.url).toContain('wb_jt=');
    window.history.pushState({}, '', '/next');
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.filter((s) => s.url.endsWith('identify/'))).toHaveLength(1);
  });

  it('records and stores nothing when the browser asks not to be tracked, but still removes the token', async () => {
    for (const [name, value] of [
      ['doNotTrack', '1'],
      ['globalPrivacyControl', true],
    ] as const) {
      const nav = { ...window.navigator, [name]: value } as Navigator;
      window.history.replaceState(null, '', '/landing?wb_jt=token');
      const win = Object.create(window, { navigator: { value: nav } }) as Window;
      startJourney({ window: win, script: scriptTag(), send });
      window.history.pushState({}, '', '/elsewhere');
      await flush();
      expect(sent, name).toEqual([]);
      expect(window.location.search).toBe('');
      expect(window.localStorage.getItem(VISITOR_KEY)).toBeNull();
    }
  });

  it('waits for consent(true) when the site requires it, and consent(false) stops it and forgets the visitor', async () => {
    const journey = startJourney({ window, script: scriptTag({ 'data-consent': 'required' }), send });
    await flush();
    expect(sent).toEqual([]);
    expect(window.localStorage.getItem(VISITOR_KEY)).toBeNull();
    journey.consent(true);
    expect(sent).toHaveLength(1);
    expect(window.localStorage.getItem(VISITOR_KEY)).not.toBeNull();
    journey.consent(false);
    expect(window.localStorage.getItem(VISITOR_KEY)).toBeNull();
    window.history.pushState({}, '', '/after');
    await flush();
    expect(sent).toHaveLength(1);
  });
});
