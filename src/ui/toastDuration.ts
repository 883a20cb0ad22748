/** How long a toast stays (toast durations 5 s and 4 s). */
export const TOAST_DURATION_MS = {
  /** The default: results of an action ("Your workflow has been saved successfully!"). */
  long: 5000,
  /** Short confirmations. */
  short: 4000,
} as const;

export type ToastTone = 'success' | 'info' | 'warning' | 'error';

export type ToastOptions = {
  message: string;
  title?: string;
  tone?: ToastTone;
  /** Milliseconds before it goes by itself; `null` keeps it until dismissed. Default 5 s. */
  duration?: number | null;
  /** One button in the toast (e.g. "Undo"); clicking it runs onAction and dismisses the toast. */
  action?: ToastAction;
};

export type ToastAction = { label: string; onAction: () => void };

export type ToastEntry = Required<Pick<ToastOptions, 'message' | 'tone'>> & {
  id: string;
  title: string | undefined;
  duration: number | null;
  action: ToastAction | undefined;
};

export type ToastApi = {
  /** Shows a toast; returns its id. */
  show: (options: ToastOptions) => string;
  dismiss: (id: string) => void;
};
