import { describe, expect, it } from 'vitest';
import { smtpOptionsFromUrl } from '../../../server/services/delivery/smtp/smtpOptionsFromUrl.ts';

/** SMTP_URL, read by the product itself (no other library's parser): the forms docs/delivery.md lists. */
describe('smtpOptionsFromUrl', () => {
  it('reads host, port, TLS mode and the percent-encoded user and password', () => {
    expect(
      smtpOptionsFromUrl(`smtp://u%40x:${encodeURIComponent('p@ss:w/rd')}@smtp.example.com:2525`, 5000),
    ).toEqual({
      host: 'smtp.example.com',
      port: 2525,
      secure: false,
      auth: { user: 'u@x', pass: 'p@ss:w/rd' },
      timeoutMs: 5000,
    });
    expect(smtpOptionsFromUrl('smtps://mail.example.com', 1000)).toEqual({
      host: 'mail.example.com',
      port: 465,
      secure: true,
      timeoutMs: 1000,
    });
    expect(smtpOptionsFromUrl('smtp://[::1]/', 1000)).toMatchObject({
      host: '::1',
      port: 587,
      secure: false,
    });
  });

  it('reads the query options: flags, the EHLO name and TLS options', () => {
    expect(
      smtpOptionsFromUrl(
        'smtp://h.test/?tls.rejectUnauthorized=false&tls.minVersion=TLSv1.2&requireTLS=true&ignoreTLS=false&name=mx.example.com',
        1000,
      ),
    ).toEqual({
      host: 'h.test',
      port: 587,
      secure: false,
      requireTLS: true,
      ignoreTLS: false,
      name: 'mx.example.com',
      tls: { rejectUnauthorized: false, minVersion: 'TLSv1.2' },
      timeoutMs: 1000,
    });
  });

  it('refuses what it would otherwise ignore or misread, naming it', () => {
    expect(() => smtpOptionsFromUrl('smtp://h.test/?pool=true', 1000)).toThrow(/unknown option "pool"/);
    expect(() => smtpOptionsFromUrl('http://h.test', 1000)).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => smtpOptionsFromUrl('h.test:587', 1000)).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => smtpOptionsFromUrl('not a url', 1000)).toThrow(/not a URL/);
    expect(() => smtpOptionsFromUrl('smtp://h.test/?requireTLS=yes', 1000)).toThrow(/true or false/);
    expect(() => smtpOptionsFromUrl('smtp://h.test/?name=a%0D%0AQUIT', 1000)).toThrow(/host name/);
    expect(() => smtpOptionsFromUrl('smtp://%E0%A4%A@h.test', 1000)).toThrow(/percent-encoding/);
  });

  it('keeps a tls option named like a prototype key out of the options', () => {
    const options = smtpOptionsFromUrl('smtp://h.test/?tls.__proto__=x&tls.servername=h.test', 1000);
    expect(options.tls).toEqual({ servername: 'h.test' });
    expect(Object.getPrototypeOf(options.tls)).toBe(Object.prototype);
  });
});
