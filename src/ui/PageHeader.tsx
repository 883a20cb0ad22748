import type { ReactNode } from 'react';
import './PageHeader.css';
import { UserText } from './UserText.tsx';

export type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** A small label above the title (the area). */
  eyebrow?: string;
};

export function PageHeader({ title, description, actions, eyebrow }: PageHeaderProps) {
  return (
    <header className="ui-page-header">
      <div className="ui-page-header__text">
        {eyebrow ? <p className="ui-page-header__eyebrow">{eyebrow}</p> : null}
        <h1 className="ui-page-header__title">
          <UserText>{title}</UserText>
        </h1>
        {description ? <p className="ui-page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="ui-page-header__actions">{actions}</div> : null}
    </header>
  );
}
