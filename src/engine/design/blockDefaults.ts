import {
  DEFAULT_THEME,
  type DesignBlock,
  type DesignBlockKind,
  type DesignTheme,
} from '../../../domain/emailDesign.ts';

/** The label of each block kind (palette, announcements, property panel title). */
export const BLOCK_LABELS: Record<DesignBlockKind, string> = {
  header: 'Header',
  text: 'Text',
  image: 'Image',
  button: 'Button',
  divider: 'Divider',
  spacer: 'Spacer',
  columns: 'Columns',
  social: 'Social links',
  articleCard: 'Article card',
  articleList: 'Article list',
  footer: 'Footer',
};

/** A new block of a kind, styled with the theme. */
export function blockDefaults(
  kind: DesignBlockKind,
  id: string,
  theme: DesignTheme = DEFAULT_THEME,
): DesignBlock {
  const layout = {
    id,
    padding: [12, 24, 12, 24] as [number, number, number, number],
    align: 'left' as const,
    background: null,
  };
  switch (kind) {
    case 'header':
      return {
        ...layout,
        kind,
        align: 'center',
        logoUrl: theme.logoUrl,
        logoAlt: 'Logo',
        title: '<h1>Your newsletter</h1>',
      };
    case 'text':
      return { ...layout, kind, html: '<p>Write something your readers will enjoy.</p>' };
    case 'image':
      return { ...layout, kind, align: 'center', src: '', alt: '', href: '', width: 552 };
    case 'button':
      return {
        ...layout,
        kind,
        align: 'center',
        label: 'Read more',
        href: '',
        color: theme.accentColor,
        textColor: '#ffffff',
      };
    case 'divider':
      return { ...layout, kind, color: '#d1d5db', thickness: 1 };
    case 'spacer':
      return { ...layout, kind, padding: [0, 0, 0, 0], height: 24 };
    case 'columns':
      return {
        ...layout,
        kind,
        columns: [
          [{ ...layout, id: `${id}a`, kind: 'text', html: '<p>Left column</p>' }],
          [{ ...layout, id: `${id}b`, kind: 'text', html: '<p>Right column</p>' }],
        ],
      };
    case 'social':
      return {
        ...layout,
        kind,
        align: 'center',
        links: [
          { network: 'website', href: '' },
          { network: 'linkedin', href: '' },
        ],
      };
    case 'articleCard':
      return { ...layout, kind, articleId: null, showImage: true, showSummary: true };
    case 'articleList':
      return { ...layout, kind, layout: 'list', limit: 5, showImages: true, showSummary: true };
    case 'footer':
      return {
        ...layout,
        kind,
        align: 'center',
        html: '<p>You receive this email because you subscribed to our newsletter.</p>',
        postalAddress: '',
        showPreferenceLink: true,
      };
  }
}

/** Kinds that may stand inside a column. */
export const LEAF_KINDS: readonly DesignBlockKind[] = ['text', 'image', 'button', 'divider', 'spacer'];
