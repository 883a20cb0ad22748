import type { ReactNode } from 'react';
import './Card.css';
import { UserText } from './UserText.tsx';

export type CardProps = {
  children: ReactNode;
  /** Heading row: a title and, on the right, actions. */
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** No inner padding (tables). */
  flush?: boolean;
  className?: string;
};

export function Card({ children, title, description, actions, flush = false, className }: CardProps) {
  return (
    <section
      className={['ui-card', flush ? 'ui-card--flush' : '', className ?? ''].filter(Boolean).join(' ')}
    >
      {title || actions ? (
        <header className="ui-card__header">
          <div>
            {title ? (
              <h2 className="ui-card__title">
                {typeof title === 'string' ? <UserText>{title}</UserText> : title}
              </h2>
            ) : null}
            {description ? <p className="ui-card__description">{description}</p> : null}
          </div>
          {actions ? <div className="ui-card__actions">{actions}</div> : null}
        </header>
      ) : null}
      <div className="ui-card__body">{children}</div>
    </section>
  );
}
