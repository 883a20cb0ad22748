import { describe, expect, it } from 'vitest';
import { compileSendBody } from '../../../server/services/delivery/compileSendBody.ts';
import {
  composeMime,
  headerText,
  mailbox,
  newMessageId,
  parseMailbox,
} from '../../../server/services/delivery/composeMime.ts';
import {
  prepareEmailBody,
  renderMarketingEmail,
  resolveSendHtml,
} from '../../../server/services/delivery/renderMarketingEmail.ts';
import { decodeBody, headerOf } from './deliveryTestKit.ts';

const origins = { trackingBaseUrl: 'https://t.test', publicOrigin: 'https://app.test' };
const source =
  '<html><body><h1>Hi {{first_name|there}} &amp; welcome</h1><p>For {{email}}</p>' +
  '<a href="https://a.test/x?y=1&amp;z=2">Read</a> <a href="%%wb-preference-url%%">Preferences</a></body></html>';

describe('one stored body, filled per send', () => {
  it('gives each send exactly the HTML a per-recipient render gives', () => {
    const compiled = compileSendBody(prepareEmailBody(source).html, origins);
    for (const contact of [
      { first_name: 'Ada <b>', last_name: 'L', email: 'ada@x.test' },
      { first_name: '', last_name: '', email: 'b@x.test' },
    ]) {
      const slots = { token: 'T0KEN_T0KEN_T0KEN_T0KE', preferenceUuid: 'pref-1', merge: contact };
      const expected = resolveSendHtml(
        renderMarketingEmail({ html: source, token: slots.token, contact, preferenceUuid: 'pref-1' }).html,
        origins.trackingBaseUrl,
        origins.publicOrigin,
      );
      expect(compiled.html(slots)).toBe(expected);
    }
  });

  it('makes the text part once: merge values unescaped, links as their tracked URLs', () => {
    const compiled = compileSendBody(prepareEmailBody(source).html, origins);
    const text = compiled.text({
      token: 'TOK',
      preferenceUuid: 'pref-2',
      merge: { first_name: 'Ada <b>', email: 'ada@x.test' },
    });
    expect(text).toContain('Hi Ada <b> & welcome');
    expect(text).toContain('Read (https://t.test/t/c/TOK/0)');
    expect(text).toContain('Preferences (https://app.test/unsub/pref-2)');
    expect(text).not.toContain('%%wb-');
  });
});

describe('composeMime', () => {
  it('writes a multipart/alternative message whose parts decode to the text and HTML, with the headers', () => {
    const subjectText =
      'Launch 🚀 day: ünïcødé and a long subject that goes on for quite a while to need several words';
    const raw = composeMime({
      from: { name: 'Acme News', address: 'news@acme.test' },
      to: 'ada@x.test',
      subject: subjectText,
      messageId: '<abc@acme.test>',
      date: new Date('2026-11-27T08:00:00Z'),
      headers: {
        'List-Unsubscribe': '<https://app.test/u/1/>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      html: '<p>Héllo</p>\n.starts with a dot',
      text: 'Héllo\n.dot',
    }).toString('utf8');
    expect([...raw].every((char) => char.charCodeAt(0) < 128)).toBe(true);
    expect(raw.split('\r\n').every((line) => line.length <= 998 && !line.startsWith('.'))).toBe(true);
    expect(headerOf(raw, 'From')).toBe('Acme News <news@acme.test>');
    expect(headerOf(raw, 'To')).toBe('<ada@x.test>');
    expect(headerOf(raw, 'Message-ID')).toBe('<abc@acme.test>');
    expect(headerOf(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(raw, 'Date')).toBe('Fri, 27 Nov 2026 08:00:00 +0000');
    const subject = (headerOf(raw, 'Subject') ?? '')
      .split(' ')
      .map((word) => Buffer.from(/^=\?UTF-8\?B\?(.*)\?=$/.exec(word)?.[1] ?? '', 'base64').toString('utf8'))
      .join('');
    expect(subject).toBe(subjectText);
    expect(decodeBody(raw)).toBe('Héllo\n.dot\n<p>Héllo</p>\n.starts with a dot');
  });

  it('quotes or encodes display names and keeps header values on one line', () => {
    expect(mailbox('Smith, John', 'j@x.test')).toBe('"Smith, John" <j@x.test>');
    expect(mailbox('Say "hi"', 'j@x.test')).toBe('"Say \\"hi\\"" <j@x.test>');
    expect(mailbox('Zoë', 'z@x.test')).toBe(
      `=?UTF-8?B?${Buffer.from('Zoë').toString('base64')}?= <z@x.test>`,
    );
    expect(mailbox('', 'n@x.test')).toBe('<n@x.test>');
    expect(headerText('Hi\r\nBcc: evil@x.test')).toBe('Hi Bcc: evil@x.test');
  });
});

describe('composeMime without HTML (account email may be text alone)', () => {
  it('writes one text/plain part in base64, with the same headers', () => {
    const raw = composeMime({
      from: parseMailbox('Workbench <no-reply@workbench.test>'),
      to: 'ada@x.test',
      subject: 'Réinitialiser',
      messageId: newMessageId('no-reply@workbench.test'),
      date: new Date('2026-11-27T08:00:00Z'),
      headers: {},
      text: 'Bonjour\n.dot line',
    }).toString('utf8');
    expect(headerOf(raw, 'Content-Type')).toBe('text/plain; charset=utf-8');
    expect(headerOf(raw, 'Content-Transfer-Encoding')).toBe('base64');
    expect(raw).not.toContain('multipart');
    expect(headerOf(raw, 'From')).toBe('Workbench <no-reply@workbench.test>');
    expect(headerOf(raw, 'Subject')).toBe(`=?UTF-8?B?${Buffer.from('Réinitialiser').toString('base64')}?=`);
    expect(headerOf(raw, 'Message-ID')).toMatch(/^<[0-9a-f]{24}@workbench\.test>$/);
    expect(decodeBody(raw)).toBe('Bonjour\n.dot line');
  });
});

describe('parseMailbox (SMTP_FROM)', () => {
  it('reads a name and an address in the forms people write', () => {
    expect(parseMailbox('Workbench <no-reply@workbench.local>')).toEqual({
      name: 'Workbench',
      address: 'no-reply@workbench.local',
    });
    expect(parseMailbox(' "Smith, \\"J\\"" <j@x.test> ')).toEqual({
      name: 'Smith, "J"',
      address: 'j@x.test',
    });
    expect(parseMailbox('Zoë <z@x.test>')).toEqual({ name: 'Zoë', address: 'z@x.test' });
    expect(parseMailbox('<n@x.test>')).toEqual({ name: '', address: 'n@x.test' });
    expect(parseMailbox('bare@x.test')).toEqual({ name: '', address: 'bare@x.test' });
  });

  it('refuses what is not an address, with a message that says how to write one', () => {
    for (const bad of ['Workbench', 'a <b>', 'x@y.test, z@y.test', '<a@b> trailing', '']) {
      expect(() => parseMailbox(bad), bad).toThrow(/Name <address@example.com>/);
    }
  });
});
