import type { DesignBlock } from '../../../../../domain/emailDesign.ts';
import type { DesignArticle } from '../../../../../domain/publishAnswers.ts';

type ListBlock = Extract<DesignBlock, { kind: 'articleList' }>;
type CardBlock = Extract<DesignBlock, { kind: 'articleCard' }>;

function ArticleItem({
  article,
  showImage,
  showSummary,
  card,
}: {
  article: DesignArticle;
  showImage: boolean;
  showSummary: boolean;
  card: boolean;
}) {
  return (
    <div className={card ? 'designer-article designer-article--card' : 'designer-article'}>
      {showImage && article.image_url ? (
        <img src={article.image_url} alt="" className="designer-article__image" />
      ) : null}
      <div>
        <p className="designer-article__title">{article.title}</p>
        {article.source_name ? <p className="designer-article__source">{article.source_name}</p> : null}
        {showSummary && article.summary ? (
          <p className="designer-article__summary">{article.summary}</p>
        ) : null}
      </div>
    </div>
  );
}

/** The edition's curated articles as the article list block shows them (in edition order, at most limit). */
export function ArticleListView({ block, articles }: { block: ListBlock; articles: DesignArticle[] }) {
  const shown = articles.slice(0, block.limit);
  if (shown.length === 0) {
    return (
      <p className="designer-placeholder">
        The edition’s curated articles appear here. This edition has none yet.
      </p>
    );
  }
  return (
    <div
      className={
        block.layout === 'cards' ? 'designer-articles designer-articles--cards' : 'designer-articles'
      }
    >
      {shown.map((article) => (
        <ArticleItem
          key={article.id}
          article={article}
          showImage={block.showImages}
          showSummary={block.showSummary}
          card={block.layout === 'cards'}
        />
      ))}
    </div>
  );
}

export function ArticleCardView({ block, articles }: { block: CardBlock; articles: DesignArticle[] }) {
  const article = articles.find((item) => item.id === block.articleId);
  if (!article) {
    return (
      <p className="designer-placeholder">Choose one of the edition’s articles in the block’s properties.</p>
    );
  }
  return <ArticleItem article={article} showImage={block.showImage} showSummary={block.showSummary} card />;
}
