import { useContext } from 'react';
import { ToastContext } from './ToastContext.ts';
import type { ToastApi } from './toastDuration.ts';

/** Shows and dismisses toasts; needs a ToastProvider above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it.');
  return api;
}
