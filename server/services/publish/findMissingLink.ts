import type { DesignBlock, EmailDesign, LeafBlock } from '../../../domain/emailDesign.ts';
import { forEachAnchor, safeHref } from './render/sanitiseRichText.ts';

function richTextMissesLink(html: string): boolean {
  let missing = false;
  forEachAnchor(html, (href) => {
    if (href === undefined || safeHref(href) === null) missing = true;
  });
  return missing;
}

function leafMissesLink(block: LeafBlock): boolean {
  switch (block.kind) {
    case 'text':
      return richTextMissesLink(block.html);
    case 'button':
      return safeHref(block.href) === null;
    case 'image':
      // An image need not be a link; one whose link is set must lead somewhere.
      return block.href.trim() !== '' && safeHref(block.href) === null;
    default:
      return false;
  }
}

function blockMissesLink(block: DesignBlock): boolean {
  switch (block.kind) {
    case 'header':
      return richTextMissesLink(block.title);
    case 'footer':
      return richTextMissesLink(block.html);
    case 'social':
      return block.links.some((entry) => safeHref(entry.href) === null);
    case 'columns':
      return block.columns.some((cells) => cells.some(leafMissesLink));
    case 'text':
    case 'image':
    case 'button':
      return leafMissesLink(block);
    default:
      return false;
  }
}

/**
 * The id of the first block with a link that leads nowhere (the missing-link error): a
 * button, social link or rich-text <a> without an http(s), mailto or tel target, or an image whose link is
 * set to something else. For a cell of a columns block, the cell's own id. Null when every link has one.
 */
export function findMissingLink(design: EmailDesign): string | null {
  for (const block of design.blocks) {
    if (block.kind === 'columns') {
      for (const cells of block.columns) for (const cell of cells) if (leafMissesLink(cell)) return cell.id;
    } else if (blockMissesLink(block)) return block.id;
  }
  return null;
}
