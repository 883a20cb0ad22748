import { describe, expect, it } from 'vitest';
import { listUnsubscribeHeaders } from '../../../server/lib/listUnsubscribeHeaders.ts';

const UUID = '5eedc0de-0001-4000-8000-000000000001';

describe('listUnsubscribeHeaders', () => {
  it('builds the RFC 8058 headers with the one-click URL', () => {
    expect(listUnsubscribeHeaders('https://mail.example.com', UUID)).toEqual({
      'List-Unsubscribe': `<https://mail.example.com/api/preference/one_click/${UUID}/>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('ignores a trailing slash or path on the origin, normalises the id and follows PREFERENCE_BASE', () => {
    expect(
      listUnsubscribeHeaders('https://mail.example.com/some/path/', ` ${UUID.toUpperCase()} `)[
        'List-Unsubscribe'
      ],
    ).toBe(`<https://mail.example.com/api/preference/one_click/${UUID}/>`);
    expect(listUnsubscribeHeaders('https://x.test', UUID, 'prefs')['List-Unsubscribe']).toBe(
      `<https://x.test/prefs/one_click/${UUID}/>`,
    );
  });

  it('refuses an id that is not an unsubscribe uuid (no header injection)', () => {
    expect(() => listUnsubscribeHeaders('https://x.test', `${UUID}>\r\nBcc: a@b.test`)).toThrow();
    expect(() => listUnsubscribeHeaders('not an origin', UUID)).toThrow();
  });
});
