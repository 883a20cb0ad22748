type Listener = () => void;

const listeners = new Set<Listener>();

/**
 * In-process wake-ups of the delivery worker: queueMarketingEmail calls wakeDelivery so a send queued in
 * this process leaves at once instead of at the next poll (another process finds it by polling).
 */
export function onDeliveryWakeup(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wakeDelivery(): void {
  for (const listener of listeners) listener();
}
