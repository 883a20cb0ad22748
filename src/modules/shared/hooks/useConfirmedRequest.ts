import { useEffect, useRef } from 'react';
import { type RequestRun, useRequest } from './useRequest.ts';

export type ConfirmedRequest<TInput> = {
  /** Sends the request (the dialog's confirming button). */
  confirm: (input: TInput) => void;
  busy: boolean;
  /** Why the last attempt failed, for ConfirmDialog's failure (with the dialog's own title). */
  failureMessage: string | null;
  reset: () => void;
};

/**
 * The request behind a confirm dialog (the request machine, recorded as "request:<name>"): each success is
 * reported once to `onDone`, then the dialog is ready again; a dialog opened for another item (`openFor`)
 * starts without the last one's failure.
 */
export function useConfirmedRequest<TInput, TOutput>(
  run: RequestRun<TInput, TOutput>,
  name: string,
  onDone: (output: TOutput) => void,
  openFor: unknown = null,
): ConfirmedRequest<TInput> {
  const request = useRequest(run, name);
  const { status, data, error, reset, submit } = request;
  useEffect(() => {
    if (openFor !== null) reset();
  }, [openFor, reset]);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    if (status !== 'success') return;
    reset();
    onDoneRef.current(data as TOutput);
  }, [status, data, reset]);
  return {
    confirm: submit,
    busy: status === 'loading',
    failureMessage: status === 'failure' && error ? error.message : null,
    reset,
  };
}
