import type { ReactNode } from 'react';

export type NodeCardProps = {
  /** The step kind, shown small above the title ("Send email"). */
  kind: string;
  kindClass: string;
  title: string;
  detail: string;
  badges?: ReactNode;
  selected: boolean;
  hasError?: boolean;
  /** Why a refused publish was refused here: a visible mark, its reason in the accessible text. */
  publishProblem?: string;
  isNew?: boolean;
  actions?: ReactNode;
  /** Live counts of a published workflow (NodeCountsRow), at the end of the top line. */
  counts?: ReactNode;
};

/** The card of a node on the canvas: kind, title, key detail, marks (error, newly added) and its actions. */
export function NodeCard({
  kind,
  kindClass,
  title,
  detail,
  badges,
  selected,
  hasError = false,
  publishProblem,
  isNew = false,
  actions,
  counts,
}: NodeCardProps) {
  const classes = [
    'builder-node',
    `builder-node--${kindClass}`,
    selected ? 'builder-node--selected' : '',
    hasError ? 'builder-node--error' : '',
    publishProblem ? 'builder-node--fault' : '',
    isNew ? 'builder-node--new' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <span className="builder-node__icon" aria-hidden="true" />
      <div className="builder-node__body">
        <div className="builder-node__top">
          <span className="builder-node__kind">{kind}</span>
          {isNew ? <span className="builder-node__mark builder-node__mark--new">New</span> : null}
          {hasError ? (
            <span className="builder-node__mark builder-node__mark--error" title="This step has an error">
              Error
            </span>
          ) : null}
          {publishProblem ? (
            <span className="builder-node__mark builder-node__mark--fault" title={publishProblem}>
              Fix to publish<span className="builder-visually-hidden">: {publishProblem}</span>
            </span>
          ) : null}
          {counts}
        </div>
        <div className="builder-node__title">{title}</div>
        <div className="builder-node__detail">
          {/* Cut with an ellipsis (the whole text stays in the DOM and in the tooltip); badges stay whole. */}
          <span className="builder-node__detail-text" title={detail}>
            {detail}
          </span>
          {badges}
        </div>
      </div>
      {actions}
    </div>
  );
}
