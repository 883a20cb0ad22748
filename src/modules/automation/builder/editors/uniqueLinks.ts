import type { EmailLinks } from '../../../../../domain/workflowTypes.ts';

export type LinkOption = { url: string; text: string };

/**
 * The link options of a click condition (duplicate links are removed): the links of
 * the answer's emails, each url once (first text wins), blank urls left out, in order of appearance.
 */
export function uniqueLinks(emails: readonly EmailLinks[]): LinkOption[] {
  const seen = new Set<string>();
  const links: LinkOption[] = [];
  for (const email of emails) {
    for (const link of email.links) {
      const url = link.url.trim();
      if (!url || seen.has(url)) continue;
      seen.add(url);
      links.push({ url, text: link.text.trim() });
    }
  }
  return links;
}
