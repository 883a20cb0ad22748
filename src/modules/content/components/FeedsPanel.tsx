import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ArticleFeed, SourceFilterEntry } from '../../../../domain/contentArticles.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { formatDate } from '../../../../domain/formatDate.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Form } from '../../../ui/Form.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';

type Props = {
  sources: SourceFilterEntry[];
  /** A feed was added: the sources are read again. */
  onAdded: () => void;
};

function feedState(feed: ArticleFeed, active: boolean) {
  if (!active) return <Badge tone="neutral">Paused</Badge>;
  if (feed.last_error) return <Badge tone="danger">Failed</Badge>;
  if (!feed.last_fetched_at) return <Badge tone="info">Waiting for its first fetch</Badge>;
  return <Badge tone="success">Fetched</Badge>;
}

/** The organisation's feeds with the state of their fetches, and the form that adds one (an address). */
export function FeedsPanel({ sources, onAdded }: Props) {
  const api = useServices().contentApi;
  const [url, setUrl] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const add = useRequest((feedUrl: string, signal) => api.addFeed(feedUrl, signal), 'addFeed');
  const onAddedRef = useRef(onAdded);
  onAddedRef.current = onAdded;
  const resetAdd = add.reset;
  useEffect(() => {
    if (add.status === 'success') {
      setUrl('');
      onAddedRef.current();
      resetAdd();
    }
  }, [add.status, resetAdd]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = url.trim();
    if (!/^https?:\/\/\S+$/i.test(text)) {
      setFieldError('Enter the address of an RSS, Atom or JSON feed, starting with http:// or https://.');
      return;
    }
    setFieldError(undefined);
    add.submit(text);
  };

  const feeds = sources.flatMap((entry) => (entry.type === 'feed' ? [entry] : []));
  return (
    <section className="feeds-panel" aria-labelledby="feeds-title">
      <h2 id="feeds-title" className="feeds-panel__title">
        Your feeds
      </h2>
      <Form className="feeds-panel__form" onSubmit={submit} noValidate>
        <TextField
          label="Add a feed"
          type="url"
          placeholder="https://example.com/feed.xml"
          value={url}
          error={fieldError ?? (add.status === 'failure' ? add.error?.message : undefined)}
          onChange={(event) => setUrl(event.target.value)}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" loading={add.status === 'loading'}>
          Add feed
        </Button>
      </Form>
      {feeds.length === 0 ? (
        <p className="feeds-panel__empty">
          No feeds yet. Articles come from the global pool; a feed you add brings its articles too.
        </p>
      ) : (
        <ul className="feeds-panel__list" aria-label="Feeds">
          {feeds.map(({ data: feed, is_active }) => (
            <li key={feed.id} className="feeds-panel__feed">
              <div className="feeds-panel__feed-head">
                <span className="feeds-panel__name">{feed.name}</span>
                {feedState(feed, is_active)}
              </div>
              <span className="feeds-panel__url">{feed.feed_url}</span>
              <span className="feeds-panel__meta">
                {countOf(feed.articles_count, 'article', 'articles')}
                {feed.last_fetched_at
                  ? ` · last fetched ${formatDate(feed.last_fetched_at, 'dateTime')}`
                  : ''}
              </span>
              {feed.last_error ? <span className="feeds-panel__error">{feed.last_error}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
