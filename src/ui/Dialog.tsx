import { type ReactNode, useEffect, useId, useRef } from 'react';
import './Dialog.css';

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'md' | 'lg';
};

/**
 * A modal dialog on the native <dialog> element: focus moves in and is trapped, Escape and the close
 * button close it, focus returns to where it was, the page behind is inert.
 */
export function Dialog({ open, onClose, title, description, children, footer, size = 'md' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; Escape (cancel) and the close button cover the keyboard
    <dialog
      ref={ref}
      className={`ui-dialog ui-dialog--${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="ui-dialog__panel">
          <header className="ui-dialog__header">
            <div className="ui-dialog__heading">
              <h2 id={titleId} className="ui-dialog__title">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="ui-dialog__description">
                  {description}
                </p>
              ) : null}
            </div>
            <button type="button" className="ui-dialog__close" onClick={onClose} aria-label="Close">
              <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path
                  d="M3.5 3.5l9 9m0-9-9 9"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </header>
          <div className="ui-dialog__body">{children}</div>
          {footer ? <footer className="ui-dialog__footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}
