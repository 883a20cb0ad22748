/**
 * Where a link in an email's rich text may go: the rule the designer's link editor applies before a link
 * is set, the same the server's renderer keeps (http and https addresses, mailto: and tel:). A bare
 * address is completed as people type it: "example.com/offer" becomes https://example.com/offer and
 * "ana@example.com" a mailto: link.
 */
export type LinkTargetResult = { ok: true; href: string } | { ok: false; message: string };

export const LINK_TARGET_REQUIRED = 'Enter the address the link goes to.';
export const LINK_TARGET_INVALID =
  'A link goes to a web address (https://…), an email address or a phone number (tel:…).';
const MAX_LINK_TARGET = 2000;

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(:\d+)?([/?#]\S*)?$/i;

export function linkTarget(input: string): LinkTargetResult {
  const value = input.trim();
  if (!value) return { ok: false, message: LINK_TARGET_REQUIRED };
  const hasControlOrSpace = [...value].some((char) => char <= ' ' || char === '\u007f');
  if (value.length > MAX_LINK_TARGET || hasControlOrSpace) return { ok: false, message: LINK_TARGET_INVALID };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    try {
      const url = new URL(value);
      return url.hostname ? { ok: true, href: value } : { ok: false, message: LINK_TARGET_INVALID };
    } catch {
      return { ok: false, message: LINK_TARGET_INVALID };
    }
  }
  if (scheme === 'mailto')
    return EMAIL.test(value.slice(7).split('?')[0] ?? '')
      ? { ok: true, href: value }
      : { ok: false, message: LINK_TARGET_INVALID };
  if (scheme === 'tel')
    return /^tel:\+?[0-9().-]{3,}$/i.test(value)
      ? { ok: true, href: value }
      : { ok: false, message: LINK_TARGET_INVALID };
  if (EMAIL.test(value)) return { ok: true, href: `mailto:${value}` };
  if (!scheme && DOMAIN.test(value)) return { ok: true, href: `https://${value}` };
  // A scheme-less "localhost:3000" or any other scheme (javascript:, data:, ftp:…): refused.
  return { ok: false, message: LINK_TARGET_INVALID };
}
