import type { ReactNode } from 'react';
import { Badge } from '../../../ui/Badge.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import './BeingBuiltPage.css';

export type BeingBuiltPageProps = {
  title: string;
  /** What the area is for, in one sentence. */
  purpose: string;
  detail?: string;
  /** What of the area already works, with links to it. */
  ready?: ReactNode;
  /** A page inside an area's own frame (a settings page): no page header, the purpose in the panel. */
  embedded?: boolean;
};

/** An area a later release builds: says so plainly; nothing here pretends to work. */
export function BeingBuiltPage({ title, purpose, detail, ready, embedded = false }: BeingBuiltPageProps) {
  return (
    <div className="being-built">
      {embedded ? null : <PageHeader title={title} description={purpose} />}
      <section className="being-built__panel" aria-label={`${title} status`}>
        <div className="being-built__art" aria-hidden="true">
          <svg viewBox="0 0 64 64" focusable="false" aria-hidden="true">
            <rect
              x="8"
              y="14"
              width="48"
              height="36"
              rx="6"
              fill="#F1F3FA"
              stroke="#C2CAD8"
              strokeWidth="2"
            />
            <path d="M8 22h48" stroke="#C2CAD8" strokeWidth="2" />
            <circle cx="14" cy="18" r="1.6" fill="#C2CAD8" />
            <circle cx="19" cy="18" r="1.6" fill="#C2CAD8" />
            <path
              d="M20 40l8-8 6 6 10-10"
              fill="none"
              stroke="#1EC252"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <div className="being-built__text">
          <Badge tone="info">Being built</Badge>
          <h2 className="being-built__title">{title} arrives in a later release.</h2>
          {embedded ? <p className="being-built__body">{purpose}</p> : null}
          <p className="being-built__body">
            {ready
              ? `Most of this ${embedded ? 'page' : 'area'} is not available yet.`
              : `This ${embedded ? 'page' : 'area'} is not available yet, so there is nothing to do here for now.`}
            {detail ? ` ${detail}` : ''}
          </p>
          {ready ? <div className="being-built__ready">{ready}</div> : null}
        </div>
      </section>
    </div>
  );
}
