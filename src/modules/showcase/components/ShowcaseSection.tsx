import type { ReactNode } from 'react';

export type ShowcaseSectionProps = {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
};

/** One section of the showcase: a heading the page's contents link to, and its examples. */
export function ShowcaseSection({ id, title, description, children }: ShowcaseSectionProps) {
  return (
    <section className="showcase-section" id={id} aria-labelledby={`${id}-title`}>
      <header className="showcase-section__header">
        <h2 id={`${id}-title`} className="showcase-section__title">
          {title}
        </h2>
        {description ? <p className="showcase-section__description">{description}</p> : null}
      </header>
      <div className="showcase-section__body">{children}</div>
    </section>
  );
}
