import { useEffect, useRef } from 'react';
import { ARTICLE_PREVIEW_DELAY_MS } from '../../../../domain/contentArticles.ts';
import { formatDate } from '../../../../domain/formatDate.ts';
import { Button } from '../../../ui/Button.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';

type Props = { articleId: number; onClose: () => void };

/**
 * The article preview side panel: the article's source, date, concepts, entities and an excerpt of its
 * text, fetched 100 ms after it is opened (another article opened sooner replaces the fetch). Escape or
 * Close closes it; focus goes to its heading when it opens.
 */
export function ArticlePreviewPanel({ articleId, onClose }: Props) {
  const api = useServices().contentApi;
  const preview = useLoad((id: number, signal) => api.articlePreview(id, signal), 'articlePreview');
  const { load } = preview;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => load(articleId), ARTICLE_PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [articleId, load]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const article = preview.data && preview.data.id === articleId ? preview.data : null;
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <aside className="article-preview" aria-labelledby="article-preview-title">
      <div className="article-preview__head">
        <h2 id="article-preview-title" className="article-preview__heading" tabIndex={-1} ref={heading}>
          Article preview
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      {article ? (
        <div className="article-preview__body">
          {article.image_url ? (
            <img className="article-preview__image" src={article.image_url} alt="" />
          ) : null}
          <h3 className="article-preview__title">{article.title}</h3>
          <p className="article-preview__meta">
            {article.source_name ?? article.website} · {formatDate(article.publishDate)}
          </p>
          <p className="article-preview__excerpt">{article.content_excerpt}</p>
          {article.concepts.length > 0 ? (
            <>
              <h4 className="article-preview__label">Concepts</h4>
              <ul className="article-card__concepts">
                {article.concepts.map((c) => (
                  <li key={c.name} className="article-card__concept">
                    {c.name}{' '}
                    <span className="article-preview__relevance">{Math.round(c.relevance * 100)}%</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {article.entities.length > 0 ? (
            <>
              <h4 className="article-preview__label">Names mentioned</h4>
              <p className="article-preview__entities">{article.entities.join(', ')}</p>
            </>
          ) : null}
          <a className="article-preview__link" href={article.link} target="_blank" rel="noopener noreferrer">
            Read on {article.website}
          </a>
        </div>
      ) : preview.status === 'failure' && preview.error ? (
        <LoadErrorPanel
          compact
          title="The article could not be loaded"
          message={preview.error.message}
          onRetry={() => load(articleId)}
        />
      ) : (
        <StatePanel kind="loading" title="Loading the article…" compact />
      )}
    </aside>
  );
}
