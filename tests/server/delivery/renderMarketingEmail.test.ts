import { describe, expect, it } from 'vitest';
import {
  PREFERENCE_URL_PLACEHOLDER,
  plainTextOf,
  renderMarketingEmail,
  resolveSendHtml,
} from '../../../server/services/delivery/renderMarketingEmail.ts';

const contact = { first_name: 'Ada <script>', last_name: 'Lovelace', email: 'ada@example.test' };
const render = (html: string) =>
  renderMarketingEmail({ html, token: 'T0KEN_T0KEN_T0KEN_T0KE', contact, preferenceUuid: 'pref-uuid' });

describe('renderMarketingEmail', () => {
  it('rewrites every http(s) anchor to the click endpoint by index, keeping the originals', () => {
    const { html, links } = render(
      '<html><body><a href="https://a.test/x?y=1&amp;z=2">A</a> <a class="b" href=\'http://b.test/\'>B</a>' +
        '<a href="mailto:x@y.test">mail</a><a href="#top">top</a><a href="javascript:alert(1)">js</a></body></html>',
    );
    expect(links).toEqual(['https://a.test/x?y=1&z=2', 'http://b.test/']);
    const resolved = resolveSendHtml(html, 'https://t.test', 'https://app.test');
    expect(resolved).toContain('<a href="https://t.test/t/c/T0KEN_T0KEN_T0KEN_T0KE/0">A</a>');
    expect(resolved).toContain('<a class="b" href=\'https://t.test/t/c/T0KEN_T0KEN_T0KEN_T0KE/1\'>B</a>');
    expect(resolved).toContain('href="mailto:x@y.test"');
    expect(resolved).toContain('href="#top"');
    expect(resolved).toContain('href="javascript:alert(1)"');
  });

  it('appends the preference link and the open pixel before </body>', () => {
    const resolved = resolveSendHtml(
      render('<body><p>Hi</p></body>').html,
      'https://t.test',
      'https://app.test',
    );
    expect(resolved).toMatch(
      /<a href="https:\/\/app\.test\/unsub\/pref-uuid">[^<]+<\/a>.*<img src="https:\/\/t\.test\/t\/o\/T0KEN_T0KEN_T0KEN_T0KE\.gif"[^>]*\/><\/body>$/,
    );
    // A fragment without a body gets them at the end.
    expect(render('<p>x</p>').html).toMatch(/\.gif"[^>]*\/>$/);
  });

  it("fills a designed email's footer placeholder with the preference link and adds no second one", () => {
    const designed = `<body><p>Footer <a href="${PREFERENCE_URL_PLACEHOLDER}">Manage your preferences</a></p></body>`;
    const resolved = resolveSendHtml(render(designed).html, 'https://t.test', 'https://app.test');
    expect(resolved).toContain('<a href="https://app.test/unsub/pref-uuid">Manage your preferences</a>');
    expect(resolved.match(/\/unsub\/pref-uuid/g)).toHaveLength(1);
    expect(resolved).not.toContain(PREFERENCE_URL_PLACEHOLDER);
    expect(resolved).toContain('https://t.test/t/o/T0KEN_T0KEN_T0KEN_T0KE.gif');
  });

  it('fills merge fields with their fallbacks where the contact has no value', () => {
    const html = renderMarketingEmail({
      html: '<p>Hi {{first_name|there}}, {{ last_name | friend }} at {{company|your company}}</p>',
      token: 'T0KEN_T0KEN_T0KEN_T0KE',
      contact: { first_name: '', last_name: 'Lovelace', email: 'ada@example.test' },
      preferenceUuid: 'pref-uuid',
    }).html;
    expect(html).toContain('<p>Hi there, Lovelace at your company</p>');
  });

  it('fills merge fields with escaped contact data', () => {
    const { html } = render('<p>Hello {{first_name}} {{ last_name }} ({{email}})</p>');
    expect(html).toContain('Hello Ada &#60;script&#62; Lovelace (ada@example.test)');
  });

  it('gives a readable text part with the links', () => {
    expect(plainTextOf('<h1>Title</h1><p>Read <a href="https://t.test/t/c/x/0">this</a></p>')).toBe(
      'Title\nRead this (https://t.test/t/c/x/0)',
    );
  });
});
