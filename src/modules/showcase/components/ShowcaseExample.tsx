import type { ReactNode } from 'react';

export type ShowcaseExampleProps = {
  /** The state shown ("Disabled", "Loading" ...). */
  label: string;
  children: ReactNode;
  wide?: boolean;
};

/** One labelled state of a component. */
export function ShowcaseExample({ label, children, wide = false }: ShowcaseExampleProps) {
  return (
    <figure className={`showcase-example${wide ? ' showcase-example--wide' : ''}`}>
      <figcaption className="showcase-example__label">{label}</figcaption>
      <div className="showcase-example__stage">{children}</div>
    </figure>
  );
}
