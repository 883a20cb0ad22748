import { useEffect, useRef } from 'react';

/** A numbered notice in an actor's context: each new one has a higher `seq`. */
type Notice = { seq: number };

type NoticeActor<N extends Notice> = {
  subscribe: (observer: (snapshot: { context: { notice: N | null } }) => void) => { unsubscribe: () => void };
};

/**
 * Hands each notice of the actor to `show` once, from the actor's own transition rather than a render: the
 * component may leave the view in the render that follows the notice, and the notice must still show.
 */
export function useActorNotices<N extends Notice>(actor: NoticeActor<N>, show: (notice: N) => void): void {
  const showRef = useRef(show);
  showRef.current = show;
  const shown = useRef(0);
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      const notice = snapshot.context.notice;
      if (!notice || notice.seq <= shown.current) return;
      shown.current = notice.seq;
      showRef.current(notice);
    });
    return () => subscription.unsubscribe();
  }, [actor]);
}
