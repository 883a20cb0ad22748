import { type FormHTMLAttributes, type Ref, useCallback, useEffect, useRef } from 'react';

/** What a failed submit shows: an invalid field, or a message of the whole form (an error alert). */
const PROBLEM = '[aria-invalid="true"], [role="alert"]';
/** How long after a submit an error that arrives (a server's answer) still takes the focus. */
const ANSWER_WAIT_MS = 60_000;

/** Focuses a form's first problem and scrolls it (with its label and message) into view. */
export function revealFirstProblem(form: HTMLElement): boolean {
  const target = form.querySelector<HTMLElement>(PROBLEM);
  if (!target) return false;
  (target.closest('.ui-field') ?? target).scrollIntoView?.({ block: 'center' });
  if (!target.matches('input, select, textarea, button, [tabindex]')) target.tabIndex = -1;
  target.focus({ preventScroll: true });
  return true;
}

export type FormProps = FormHTMLAttributes<HTMLFormElement> & {
  ref?: Ref<HTMLFormElement>;
  /**
   * The page was rendered with the errors of a submit already (a public page posted without script):
   * the first one takes the focus when the page opens.
   */
  revealErrorsOnMount?: boolean;
};

/**
 * Every form of the workbench and the public pages. After a submit, the first problem (an invalid
 * field, else the form's error message) gets the focus and is scrolled into view, whether the form's own
 * checks find it at once or the server's answer brings it later; typing in the form first cancels that.
 */
export function Form({ onSubmit, onInput, ref, revealErrorsOnMount, ...rest }: FormProps) {
  const own = useRef<HTMLFormElement | null>(null);
  const watch = useRef<{ stop: () => void } | null>(null);

  const setRef = useCallback(
    (element: HTMLFormElement | null) => {
      own.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );

  const stopWatching = useCallback(() => {
    watch.current?.stop();
    watch.current = null;
  }, []);

  const watchForProblem = useCallback(() => {
    stopWatching();
    const form = own.current;
    if (!form) return;
    const look = () => {
      if (revealFirstProblem(form)) stopWatching();
    };
    const observer = new MutationObserver(look);
    observer.observe(form, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-invalid', 'role'],
    });
    const timer = window.setTimeout(stopWatching, ANSWER_WAIT_MS);
    const frame = window.requestAnimationFrame(look);
    watch.current = {
      stop: () => {
        observer.disconnect();
        window.clearTimeout(timer);
        window.cancelAnimationFrame(frame);
      },
    };
  }, [stopWatching]);

  useEffect(() => {
    if (revealErrorsOnMount && own.current) revealFirstProblem(own.current);
    return stopWatching;
  }, [revealErrorsOnMount, stopWatching]);

  return (
    <form
      ref={setRef}
      onSubmit={(event) => {
        onSubmit?.(event);
        if (event.defaultPrevented) watchForProblem();
      }}
      onInput={(event) => {
        stopWatching();
        onInput?.(event);
      }}
      {...rest}
    />
  );
}
