import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import type { Point, Size } from '../../../../domain/clampToWindow.ts';
import { SUPPORT_MESSAGE_MAX } from '../../../../domain/supportMessage.ts';
import type { SupportChatActor } from '../../../../machines/supportChatMachine.ts';
import { Button } from '../../../ui/Button.tsx';
import { Form } from '../../../ui/Form.tsx';
import type { DragHandleProps } from '../hooks/useDraggablePosition.ts';
import { SupportMessageList } from './SupportMessageList.tsx';
import { SupportSendStatus } from './SupportSendStatus.tsx';

export type SupportChatPanelProps = {
  id: string;
  actor: SupportChatActor;
  pathname: string;
  placement: Point & Size;
  /** The grip that moves the floating launcher and panel; none when the launcher is docked. */
  handleProps: DragHandleProps | null;
  onClose: () => void;
};

const GRIP_ICON = (
  <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    {[4, 8, 12].flatMap((y) =>
      [6, 10].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.2" fill="currentColor" />),
    )}
  </svg>
);

/** The open chat: the person's own messages, a message field and its send state. */
export function SupportChatPanel({
  id,
  actor,
  pathname,
  placement,
  handleProps,
  onClose,
}: SupportChatPanelProps) {
  const draft = useSelector(actor, (s) => s.context.draft);
  const sending = useSelector(actor, (s) => s.matches({ send: 'sending' }));
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const countId = useId();

  useEffect(() => {
    fieldRef.current?.focus();
  }, []);

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    actor.send({ type: 'support.send', page: pathname });
  };

  return (
    <section
      id={id}
      className="support-panel"
      aria-labelledby={titleId}
      style={{
        transform: `translate(${placement.x}px, ${placement.y}px)`,
        width: placement.width,
        height: placement.height,
      }}
      data-testid="support-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="support-panel__header">
        {handleProps ? (
          <button
            type="button"
            className="support-panel__grip"
            aria-label="Move the support chat (arrow keys)"
            {...handleProps}
          >
            {GRIP_ICON}
          </button>
        ) : null}
        <div className="support-panel__heading">
          <h2 id={titleId} className="support-panel__title">
            Support
          </h2>
          <p className="support-panel__subtitle">
            Our support team reads every message and replies by email.
          </p>
        </div>
        <button
          type="button"
          className="support-panel__close"
          aria-label="Close support chat"
          onClick={onClose}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="m7 7 10 10M17 7 7 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <SupportMessageList actor={actor} />
      <Form className="support-panel__composer" onSubmit={send} noValidate>
        <label className="ui-visually-hidden" htmlFor={`${id}-message`}>
          Message to support
        </label>
        <textarea
          ref={fieldRef}
          id={`${id}-message`}
          className="support-panel__field"
          rows={3}
          maxLength={SUPPORT_MESSAGE_MAX}
          placeholder="Ask a question or tell us what went wrong…"
          value={draft}
          disabled={sending}
          aria-describedby={countId}
          onChange={(event) => actor.send({ type: 'support.draft.change', value: event.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
          }}
        />
        <div className="support-panel__actions">
          <SupportSendStatus actor={actor} />
          <span id={countId} className="support-panel__count">
            {draft.length}/{SUPPORT_MESSAGE_MAX}
          </span>
          <Button type="submit" size="sm" loading={sending}>
            Send
          </Button>
        </div>
      </Form>
    </section>
  );
}
