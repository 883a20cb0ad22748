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

/** Where focus goes when a dialog opens, in order: a control marked for it, the first field, the first action. */
const INITIAL_FOCUS = [
  '[data-autofocus]',
  '.ui-dialog__body :is(input:not([type="hidden"]), select, textarea):not(:disabled)',
  '.ui-dialog__footer :is(button, a[href]):not(:disabled)',
];

function focusInitial(dialog: HTMLDialogElement): void {
  for (const selector of INITIAL_FOCUS) {
    const target = Array.from(dialog.querySelectorAll<HTMLElement>(selector)).find(
      (element) => !element.closest('[hidden], [aria-hidden="true"], [inert]'),
    );
    if (target) {
      target.focus();
      return;
    }
  }
}

/**
 * A modal dialog on the native <dialog> element: focus moves in (to `data-autofocus`, else the first field,
 * else the first action of the footer, else Close) and is trapped, Escape and the close button close it,
 * the page behind is inert. However it closes (Escape, Cancel, Close, the backdrop, or the dialog going
 * away with its screen), focus returns to the control that opened it.
 */
export function Dialog({ open, onClose, title, description, children, footer, size = 'md' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    focusInitial(dialog);
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      if (opener && opener !== document.body && opener.isConnected) opener.focus();
    };
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
