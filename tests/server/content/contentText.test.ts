import { describe, expect, it } from 'vitest';
import { canonicalLink } from '../../../server/services/content/canonicalLink.ts';
import { extractConcepts, termCounts } from '../../../server/services/content/extractConcepts.ts';
import { entityKeys, extractEntities } from '../../../server/services/content/extractEntities.ts';
import { htmlToText } from '../../../server/services/content/htmlToText.ts';
import { FeedParseError, parseFeedDocument } from '../../../server/services/content/parseFeedDocument.ts';

describe('canonicalLink', () => {
  it('drops utm_* parameters and the fragment, lower-cases the host, keeps other parameters', () => {
    expect(canonicalLink('HTTPS://News.Example.COM:443/a/B?utm_source=x&id=3&UTM_Medium=y#frag')).toBe(
      'https://news.example.com/a/B?id=3',
    );
    expect(canonicalLink('http://x.test/p?utm_campaign=1')).toBe('http://x.test/p');
    expect(canonicalLink('/relative', 'https://site.test/feed')).toBe('https://site.test/relative');
  });

  it('refuses what is not an http(s) address', () => {
    expect(canonicalLink('javascript:alert(1)')).toBeNull();
    expect(canonicalLink('mailto:a@b.test')).toBeNull();
    expect(canonicalLink('no base')).toBeNull();
  });
});

describe('htmlToText', () => {
  it('removes tags, scripts and styles, decodes entities, collapses space, cuts long texts', () => {
    expect(
      htmlToText('<p>A &amp; B&nbsp;&#8212; <b>bold</b></p><script>x()</script><style>p{}</style>'),
    ).toBe('A & B — bold');
    expect(htmlToText('word '.repeat(100), 20)).toHaveLength(20);
  });
});

describe('concepts by TF-IDF', () => {
  const counts = termCounts(
    'Supply chain software gets smarter at Aurora Labs',
    'The supply chain market grew. Aurora Labs and Bank of Lisbon said supply chain tools cut costs.',
  );

  it('counts words (title twice) and pairs of words side by side, never across stop words or punctuation', () => {
    expect(counts.get('supply')).toBe(4);
    expect(counts.get('supply chain')).toBe(3);
    expect(counts.get('aurora labs')).toBe(2);
    expect(counts.has('the')).toBe(false);
    expect(counts.has('grew aurora')).toBe(false); // a full stop between them
    expect(counts.has('labs bank')).toBe(false); // "and" between them
  });

  it('ranks terms rare in the pool above common ones; relevance is relative to the best', () => {
    const common = new Set(['supply', 'chain', 'supply chain']);
    const concepts = extractConcepts(counts, (term) => (common.has(term) ? 900 : 3), 1000);
    expect(concepts[0]).toEqual({ name: 'aurora labs', relevance: 1 });
    expect(concepts.map((c) => c.name)).not.toContain('supply chain');
    expect(concepts).toHaveLength(5);
    const evenly = extractConcepts(counts, () => 3, 1000);
    expect(evenly[0]?.name).toBe('supply chain');
    expect(evenly.every((c) => c.relevance > 0 && c.relevance <= 1)).toBe(true);
  });

  it('gives a text without words no concepts', () => {
    expect(extractConcepts(termCounts('', '2026 — 42'), () => 1, 10)).toEqual([]);
  });
});

describe('entities', () => {
  it('finds capitalised multi-word names, without sentence-start words, joined by "of"', () => {
    expect(
      extractEntities('How Aurora Labs Group beat The Bank of Lisbon', 'In March, Kestrel Systems signed.'),
    ).toEqual(['Aurora Labs Group', 'Bank of Lisbon', 'Kestrel Systems']);
    expect(extractEntities('Sales rose. Nothing here is a Name')).toEqual([]);
  });

  it('keys an entity by every run of two or more of its words, lower-cased', () => {
    expect(entityKeys(['Aurora Labs Group']).sort()).toEqual([
      'aurora labs',
      'aurora labs group',
      'labs group',
    ]);
  });
});

describe('parseFeedDocument', () => {
  it('refuses a document that is not a feed', () => {
    expect(() => parseFeedDocument('<html><body>hello</body></html>')).toThrow(FeedParseError);
    expect(() => parseFeedDocument('{"not": "a feed"}')).toThrow(FeedParseError);
  });

  it('reads RSS 1.0 (RDF) as rss', () => {
    const rdf = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
      <channel rdf:about="https://r.test/"><title>R</title><link>https://r.test/</link><description>d</description></channel>
      <item rdf:about="https://r.test/1"><title>One</title><link>https://r.test/1</link><description>First</description></item>
    </rdf:RDF>`;
    const feed = parseFeedDocument(rdf);
    expect(feed.kind).toBe('rss');
    expect(feed.entries).toEqual([
      expect.objectContaining({
        title: 'One',
        link: 'https://r.test/1',
        description: 'First',
        publishedAt: null,
      }),
    ]);
  });
});
