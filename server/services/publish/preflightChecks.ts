import { decodeNumericReferences } from '../../../domain/decodeNumericReferences.ts';
import type { DesignBlock, EmailDesign, LeafBlock } from '../../../domain/emailDesign.ts';

export type PreflightFinding = { code: string; message: string; block_id?: string };
export type PreflightResult = { errors: PreflightFinding[]; warnings: PreflightFinding[] };

export const MAX_SUBJECT_FOR_INBOX = 150;
export const MAX_IMAGE_BYTES = 1024 * 1024;

export type PreflightInput = {
  design: EmailDesign | null;
  subject: string;
  senderAddress: string | null;
  senderName: string;
  /** Sizes of uploaded images by their public URL path's id (/uploads/{id}). */
  uploadSizes: ReadonlyMap<string, number>;
};

const UPLOAD_ID = /\/uploads\/([A-Za-z0-9_-]{16,64})(?:[?#]|$)/;

/** True for a link a recipient can follow: http(s) with a host, or mailto with an address. */
export function isFollowableLink(raw: string): boolean {
  const text = raw.trim();
  if (/^mailto:[^@\s]+@[^@\s]+$/i.test(text)) return true;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

function* allBlocks(blocks: readonly DesignBlock[]): Generator<DesignBlock | LeafBlock> {
  for (const block of blocks) {
    yield block;
    if (block.kind === 'columns') for (const column of block.columns) yield* column;
  }
}

const ANCHOR_HREF = /<a\b[^>]*?\bhref\s*=\s*(["'])(.*?)\1/gi;

/** Every link of a block with where it comes from: [label, href]. */
function linksOf(block: DesignBlock | LeafBlock): [string, string][] {
  const links: [string, string][] = [];
  const fromRichText = (html: string) => {
    for (const match of html.matchAll(ANCHOR_HREF)) links.push(['a text link', match[2] ?? '']);
    if (/<a\b(?![^>]*\bhref\s*=)[^>]*>/i.test(html)) links.push(['a text link', '']);
  };
  switch (block.kind) {
    case 'button':
      links.push([`the button "${block.label || 'Button'}"`, block.href]);
      break;
    case 'social':
      for (const link of block.links) links.push([`the ${link.network} link`, link.href]);
      break;
    case 'text':
      fromRichText(block.html);
      break;
    case 'header':
      fromRichText(block.title);
      break;
    case 'footer':
      fromRichText(block.html);
      break;
    case 'image':
      if (block.href.trim()) links.push(['the image link', block.href]);
      break;
  }
  return links;
}

/**
 * The preflight before any send (issue: errors block, warnings ask): what would hurt deliverability or
 * compliance in the saved design and the publish settings. The one-click unsubscribe self-test needs the
 * running server and is added by the caller.
 */
export function preflightChecks(input: PreflightInput): PreflightResult {
  const errors: PreflightFinding[] = [];
  const warnings: PreflightFinding[] = [];
  if (!input.senderAddress) {
    errors.push({ code: 'sender_address', message: 'Choose the address this email is sent from.' });
  }
  if (!input.senderName.trim()) {
    errors.push({ code: 'sender_name', message: 'Enter the sender name recipients see.' });
  }
  // Counted as the reader sees it: an emoji stored as a numeric reference (&#128075;) is one character.
  const subjectLength = [...decodeNumericReferences(input.subject)].length;
  if (!input.subject.trim()) errors.push({ code: 'subject', message: 'Enter a subject.' });
  else if (subjectLength > MAX_SUBJECT_FOR_INBOX) {
    warnings.push({
      code: 'subject_length',
      message: `The subject is ${subjectLength} characters long: inboxes cut it off after about ${MAX_SUBJECT_FOR_INBOX}.`,
    });
  }
  const design = input.design;
  if (!design) {
    errors.push({ code: 'no_design', message: 'Design this edition and save it before sending.' });
    return { errors, warnings };
  }
  const footers = design.blocks.filter((block) => block.kind === 'footer');
  if (!footers.some((footer) => footer.showPreferenceLink)) {
    errors.push({
      code: 'preference_link',
      message:
        'The email has no preference link: add a footer that shows it (every marketing email needs one).',
    });
  }
  if (!footers.some((footer) => footer.postalAddress.trim())) {
    errors.push({
      code: 'postal_address',
      message: "The footer has no postal address: add the sender's postal address (the law asks for it).",
    });
  }
  for (const block of allBlocks(design.blocks)) {
    for (const [what, href] of linksOf(block)) {
      if (!href.trim()) {
        errors.push({
          code: 'missing_link',
          message: `${capitalise(what)} has no target.`,
          block_id: block.id,
        });
      } else if (!isFollowableLink(href)) {
        errors.push({
          code: 'broken_link',
          message: `${capitalise(what)} goes to "${href.slice(0, 80)}", which is not a web or mail address.`,
          block_id: block.id,
        });
      }
    }
    const images: { src: string; alt: string; what: string }[] = [];
    if (block.kind === 'image') images.push({ src: block.src, alt: block.alt, what: 'An image' });
    if (block.kind === 'header' && block.logoUrl) {
      images.push({ src: block.logoUrl, alt: block.logoAlt, what: 'The header logo' });
    }
    for (const image of images) {
      if (!image.src.trim()) {
        errors.push({
          code: 'image_source',
          message: `${image.what} has no picture yet.`,
          block_id: block.id,
        });
        continue;
      }
      if (!image.alt.trim()) {
        warnings.push({
          code: 'alt_text',
          message: `${image.what} has no alt text (read aloud and shown when images are off).`,
          block_id: block.id,
        });
      }
      const id = UPLOAD_ID.exec(image.src)?.[1];
      const size = id ? input.uploadSizes.get(id) : undefined;
      if (size !== undefined && size > MAX_IMAGE_BYTES) {
        warnings.push({
          code: 'image_size',
          message: `${image.what} is ${(size / 1024 / 1024).toFixed(1)} MB: images over 1 MB load slowly and may be clipped.`,
          block_id: block.id,
        });
      }
    }
  }
  return { errors, warnings };
}

/** The upload ids the design's images use (to look their sizes up). */
export function uploadIdsOf(design: EmailDesign | null): string[] {
  if (!design) return [];
  const ids = new Set<string>();
  for (const block of allBlocks(design.blocks)) {
    const src = block.kind === 'image' ? block.src : block.kind === 'header' ? (block.logoUrl ?? '') : '';
    const id = UPLOAD_ID.exec(src)?.[1];
    if (id) ids.add(id);
  }
  return [...ids];
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
