import type { PageToast } from '../domain/publicPageTimings.ts';

/**
 * The toast a page machine holds. The live regions are always in the page (so screen readers announce
 * what is put in them): success in role=status, errors in role=alert.
 */
export function PublicToast({ toast, onDismiss }: { toast: PageToast | null; onDismiss: () => void }) {
  const shown = toast?.visible ? toast : null;
  return (
    <div className="pp-toasts">
      <div role="status" aria-live="polite">
        {shown?.tone === 'success' ? (
          <ToastBody text={shown.text} tone="success" onDismiss={onDismiss} />
        ) : null}
      </div>
      <div role="alert">
        {shown?.tone === 'error' ? <ToastBody text={shown.text} tone="error" onDismiss={onDismiss} /> : null}
      </div>
    </div>
  );
}

function ToastBody({
  text,
  tone,
  onDismiss,
}: {
  text: string;
  tone: 'success' | 'error';
  onDismiss: () => void;
}) {
  return (
    <div className={`pp-toast pp-toast--${tone}`}>
      <span>{text}</span>
      <button type="button" className="pp-toast__close" aria-label="Dismiss message" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
