import type { ContentEngagementRow } from '../../../../domain/analyticsAccountTypes.ts';
import { UserText } from '../../../ui/UserText.tsx';

const WEB_ADDRESS = /^https?:\/\//i;

/**
 * An article as a report names it: its title, a link to the article in a new tab (only a web address is
 * a link), and its website.
 */
export function ArticleTitle({ article }: { article: ContentEngagementRow }) {
  const title = <UserText>{article.article_title}</UserText>;
  return (
    <div className="analytics-name">
      {WEB_ADDRESS.test(article.article_url) ? (
        <a href={article.article_url} target="_blank" rel="noopener noreferrer">
          {title}
        </a>
      ) : (
        <span className="analytics-name__title">{title}</span>
      )}
      {article.website ? <span className="analytics-name__sub">{article.website}</span> : null}
    </div>
  );
}
