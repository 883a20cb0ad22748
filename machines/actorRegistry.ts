import type { AnyActorRef, EventObject } from 'xstate';

/** How a held actor drops what it holds on sign-out: an event it understands, or being stopped. */
export type ActorReset = EventObject | 'stop';

type Registration = { actor: AnyActorRef; reset: ActorReset };

const registrations = new Set<Registration>();

/** The live recorded actors of this page, so that one sign-out can reset every one of them. */
export const actorRegistry = {
  /** Adds an actor; the returned function removes it (when its component unmounts or it stops). */
  register(actor: AnyActorRef, reset: ActorReset): () => void {
    const registration: Registration = { actor, reset };
    registrations.add(registration);
    return () => {
      registrations.delete(registration);
    };
  },
  /**
   * "Any logout event resets all held state": sends every registered actor (but `except`, the sender)
   * its reset event, or stops it. Stopped actors are removed.
   */
  resetAll(except?: AnyActorRef): void {
    for (const registration of [...registrations]) {
      const { actor, reset } = registration;
      if (actor === except) continue;
      if (reset === 'stop') {
        actor.stop();
        registrations.delete(registration);
      } else {
        actor.send(reset);
      }
    }
  },
  size(): number {
    return registrations.size;
  },
};
