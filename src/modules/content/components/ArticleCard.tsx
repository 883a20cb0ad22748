import { useState } from 'react';
import type { Article } from '../../../../domain/contentArticles.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { formatDate } from '../../../../domain/formatDate.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { LineIcon } from '../../../ui/LineIcon.tsx';
import { HighlightedText } from './HighlightedText.tsx';

type Props = {
  article: Article;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  onFavourite: () => void;
  onPreview: () => void;
  favouriteBusy?: boolean;
};

function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatDate(date);
}

/** One article of the explorer: image, title (matched words marked), website, date, concepts, star, checkbox. */
export function ArticleCard({ article, checked, onCheck, onFavourite, onPreview, favouriteBusy }: Props) {
  const titleId = `article-${article.id}-title`;
  // An image its site does not serve (gone, blocked) gives way to the website's initial.
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <li className="article-card" aria-labelledby={titleId} data-checked={checked || undefined}>
      <div className="article-card__media">
        {article.image_url && !imageFailed ? (
          <img
            src={article.image_url}
            alt=""
            loading="lazy"
            referrerPolicy="no-referrer"
            onError={() => setImageFailed(true)}
          />
        ) : (
          <span className="article-card__placeholder" aria-hidden="true">
            {article.website.slice(0, 1).toUpperCase()}
          </span>
        )}
      </div>
      <div className="article-card__body">
        <h3 className="article-card__title" id={titleId}>
          <button type="button" className="article-card__open" onClick={onPreview}>
            <HighlightedText html={article.highlights?.title} text={article.title} />
          </button>
        </h3>
        <p className="article-card__meta">
          <span>{article.website}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={article.publishDate}>{formatDay(article.publishDate)}</time>
          {article.sent_date ? (
            <>
              <span aria-hidden="true"> · </span>
              <span>Sent {formatDay(article.sent_date)}</span>
            </>
          ) : null}
          {article.clicks !== null ? (
            <>
              <span aria-hidden="true"> · </span>
              <span>{countOf(article.clicks, 'click', 'clicks')}</span>
            </>
          ) : null}
        </p>
        {article.description ? (
          <p className="article-card__description">
            <HighlightedText html={article.highlights?.description} text={article.description} />
          </p>
        ) : null}
        {article.concepts.length > 0 || article.is_curated ? (
          <ul className="article-card__concepts" aria-label="Concepts">
            {article.is_curated ? (
              <li>
                <Badge tone="success">Curated</Badge>
              </li>
            ) : null}
            {article.concepts.map((concept) => (
              <li key={concept.name} className="article-card__concept">
                {concept.name}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="article-card__actions">
        <label className="article-card__check">
          <input
            type="checkbox"
            checked={checked}
            onChange={(event) => onCheck(event.target.checked)}
            aria-labelledby={`${titleId}-select ${titleId}`}
          />
          <span id={`${titleId}-select`} className="ui-visually-hidden">
            Select
          </span>
        </label>
        <button
          type="button"
          className="article-card__star"
          aria-pressed={article.is_favourite}
          aria-label="Favourite"
          aria-describedby={titleId}
          disabled={favouriteBusy}
          onClick={onFavourite}
        >
          <LineIcon
            d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
            box={24}
            size={20}
            filled={article.is_favourite}
          />
        </button>
      </div>
    </li>
  );
}
