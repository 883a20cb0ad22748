import { createContext } from 'react';
import type { ToastApi } from './toastDuration.ts';

/** Set by ToastProvider; read with useToast. */
export const ToastContext = createContext<ToastApi | null>(null);
