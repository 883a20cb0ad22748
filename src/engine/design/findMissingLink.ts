import type { DesignBlock, EmailDesign, LeafBlock } from '../../../domain/emailDesign.ts';

/**
 * The first block with a link that has no target (the missing-link error): a button
 * without href, a social link without href, an image link set to blank space, or a rich-text <a> with an
 * empty href. The designer checks before design/save/ (the server checks again). Null when all are set.
 */
function missing(block: DesignBlock | LeafBlock): boolean {
  switch (block.kind) {
    case 'button':
      return !block.href.trim();
    case 'social':
      return block.links.some((link) => !link.href.trim());
    case 'image':
      return block.href !== '' && !block.href.trim();
    case 'text':
    case 'footer':
      return /<a\s[^>]*href="\s*"/i.test(block.html);
    case 'header':
      return /<a\s[^>]*href="\s*"/i.test(block.title);
    default:
      return false;
  }
}

export function findMissingLink(design: EmailDesign): string | null {
  for (const block of design.blocks) {
    if (missing(block)) return block.id;
    if (block.kind === 'columns') {
      for (const child of block.columns.flat()) if (missing(child)) return child.id;
    }
  }
  return null;
}
