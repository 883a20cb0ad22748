import type { DesignBlock, DesignTheme } from '../../../../../domain/emailDesign.ts';

/** The canvas look of a block's box (padding, alignment, background), as the rendered email has it. */
export function blockBoxStyle(block: DesignBlock): React.CSSProperties {
  const [top, right, bottom, left] = block.padding;
  return {
    padding: `${top}px ${right}px ${bottom}px ${left}px`,
    textAlign: block.align,
    background: block.background ?? undefined,
  };
}

/** The email's frame: the theme's font, colours and the 600 px content width. */
export function emailFrameStyle(theme: DesignTheme): React.CSSProperties {
  return {
    fontFamily: theme.fontFamily,
    color: theme.textColor,
    background: theme.contentBackground,
    ['--designer-link' as string]: theme.linkColor,
    ['--designer-accent' as string]: theme.accentColor,
  };
}
