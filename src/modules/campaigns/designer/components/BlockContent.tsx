import type { DesignBlock } from '../../../../../domain/emailDesign.ts';
import { type BlockMap, blocksOf, richOf } from '../../../../engine/design/designDoc.ts';
import { useDesigner } from '../hooks/DesignerContext.ts';
import { ArticleCardView, ArticleListView } from './ArticleBlocks.tsx';
import { ColumnsView } from './ColumnsView.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';

const NETWORK_LABELS: Record<string, string> = {
  website: 'Web',
  linkedin: 'in',
  x: 'X',
  facebook: 'f',
  instagram: 'IG',
  youtube: '▶',
};

/** What a block shows on the canvas, close to the rendered email. Rich text is edited in place. */
export function BlockContent({ block }: { block: DesignBlock }) {
  const { draft, articles, select } = useDesigner();
  const fragment = () => richOf(blocksOf(draft.doc).get(block.id) as BlockMap);
  switch (block.kind) {
    case 'header': {
      const rich = fragment();
      return (
        <>
          {block.logoUrl ? <img src={block.logoUrl} alt={block.logoAlt} className="designer-logo" /> : null}
          {rich ? (
            <RichTextEditor fragment={rich} label="Header title" onFocus={() => select(block.id)} />
          ) : null}
        </>
      );
    }
    case 'text':
    case 'footer': {
      const rich = fragment();
      return (
        <>
          {rich ? (
            <RichTextEditor
              fragment={rich}
              label={block.kind === 'text' ? 'Text' : 'Footer text'}
              onFocus={() => select(block.id)}
            />
          ) : null}
          {block.kind === 'footer' ? (
            <p className="designer-footer-extra">
              {block.postalAddress || 'Add your postal address in the footer’s properties.'}
              {block.showPreferenceLink ? (
                <>
                  <br />
                  <span className="designer-fake-link">Manage your preferences</span> ·{' '}
                  <span className="designer-fake-link">Unsubscribe</span>
                </>
              ) : null}
            </p>
          ) : null}
        </>
      );
    }
    case 'image':
      return block.src ? (
        <img src={block.src} alt={block.alt} style={{ width: block.width, maxWidth: '100%' }} />
      ) : (
        <div className="designer-image-empty" style={{ width: Math.min(block.width, 552) }}>
          Image: choose or upload one in the properties
        </div>
      );
    case 'button':
      return (
        <span className="designer-button" style={{ background: block.color, color: block.textColor }}>
          {block.label || 'Button'}
        </span>
      );
    case 'divider':
      return (
        <hr
          className="designer-divider"
          style={{ borderTopColor: block.color, borderTopWidth: block.thickness }}
        />
      );
    case 'spacer':
      return <div style={{ height: block.height }} aria-hidden="true" className="designer-spacer" />;
    case 'social':
      return (
        <span className="designer-social">
          {block.links.map((link, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: links have no id; position is their identity
            <span key={`${link.network}-${index}`} className="designer-social__icon" title={link.network}>
              {NETWORK_LABELS[link.network] ?? link.network}
            </span>
          ))}
        </span>
      );
    case 'articleList':
      return <ArticleListView block={block} articles={articles} />;
    case 'articleCard':
      return <ArticleCardView block={block} articles={articles} />;
    case 'columns':
      return <ColumnsView id={block.id} />;
  }
}
