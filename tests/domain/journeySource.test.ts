import { describe, expect, it } from 'vitest';
import { classifyVisit } from '../../domain/journeySource.ts';
import { normaliseJourneyDomain } from '../../domain/journeyTracking.ts';

const page = 'https://www.acme.test/pricing';
const sourceOf = (url: string, referrer = '') => classifyVisit({ url, referrer })?.source ?? 'inside';

describe('classifyVisit', () => {
  it('is email when the visit came through our click token or utm_medium=email', () => {
    expect(sourceOf(`${page}?wb_jt=abc`, 'https://www.google.com/')).toBe('email');
    expect(sourceOf(`${page}?utm_medium=Email&utm_source=newsletter`)).toBe('email');
    expect(sourceOf(`${page}?wb_jt=abc`, `${page}`)).toBe('email');
  });

  it('is organic for search engines, Google of any country included', () => {
    for (const referrer of [
      'https://www.google.com/',
      'https://www.google.co.uk/search?q=x',
      'https://google.de/',
      'https://www.bing.com/search',
      'https://duckduckgo.com/',
      'https://search.brave.com/search?q=a',
      'https://www.ecosia.org/',
    ])
      expect(sourceOf(page, referrer), referrer).toBe('organic');
  });

  it('is social for social networks and for a social utm_medium', () => {
    for (const referrer of [
      'https://www.linkedin.com/feed/',
      'https://t.co/abc',
      'https://m.facebook.com/',
      'https://x.com/',
    ])
      expect(sourceOf(page, referrer), referrer).toBe('social');
    expect(sourceOf(`${page}?utm_medium=social`)).toBe('social');
  });

  it('is referral for any other site, and direct without a referrer', () => {
    expect(sourceOf(page, 'https://blog.partner.test/post')).toBe('referral');
    expect(sourceOf(page, 'https://notgoogle.com/')).toBe('referral');
    expect(sourceOf(page, 'https://google.com.evil.test/')).toBe('referral');
    expect(sourceOf(page)).toBe('direct');
    expect(sourceOf(page, 'not an address')).toBe('direct');
  });

  it('starts no new visit for a page reached from the same site (with or without www)', () => {
    expect(classifyVisit({ url: page, referrer: 'https://www.acme.test/' })).toBeNull();
    expect(classifyVisit({ url: page, referrer: 'https://acme.test/blog' })).toBeNull();
    // Campaign parameters on an inner link still start a visit.
    expect(sourceOf(`${page}?utm_source=banner`, 'https://www.acme.test/')).toBe('direct');
  });

  it('reads the UTM parameters and the external referrer host', () => {
    expect(
      classifyVisit({
        url: `${page}?utm_source=ads&utm_medium=cpc&utm_campaign=q4`,
        referrer: 'https://www.google.com/',
      }),
    ).toEqual({
      source: 'organic',
      utm_source: 'ads',
      utm_medium: 'cpc',
      utm_campaign: 'q4',
      referrer_host: 'www.google.com',
    });
  });
});

describe('normaliseJourneyDomain', () => {
  it('keeps a hostname, lower-case, from what is pasted', () => {
    expect(normaliseJourneyDomain('Example.COM')).toBe('example.com');
    expect(normaliseJourneyDomain('https://www.example.com/pricing?a=1')).toBe('www.example.com');
    expect(normaliseJourneyDomain('localhost:8080')).toBe('localhost');
    expect(normaliseJourneyDomain('127.0.0.1')).toBe('127.0.0.1');
    expect(normaliseJourneyDomain('shop.example.com.')).toBe('shop.example.com');
  });

  it('refuses what is no hostname', () => {
    for (const text of [
      '',
      '   ',
      'not a domain',
      'exa_mple.com',
      '-bad.com',
      'a..b',
      `${'a'.repeat(64)}.com`,
    ])
      expect(normaliseJourneyDomain(text), text).toBeNull();
  });
});
