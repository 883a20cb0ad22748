import type http from 'node:http';
import type net from 'node:net';

export type ConnectionDrain = {
  /** Requests started and not yet answered. */
  inFlight: () => number;
  /**
   * Stops accepting connections, lets every request in flight finish (its answer says `Connection: close`),
   * closes connections as they fall idle, and after graceMs cuts whatever is still open. Resolves with how
   * many requests were cut.
   */
  drain: (graceMs: number) => Promise<{ cut: number }>;
};

/**
 * Follows an HTTP server's connections and the requests in flight on each, so that a stop can finish the
 * requests already started instead of resetting them, within a bounded time.
 */
export function trackConnections(server: http.Server): ConnectionDrain {
  const open = new Map<net.Socket, number>();
  let draining = false;
  let settle: (() => void) | undefined;
  const inFlight = () => [...open.values()].reduce((sum, count) => sum + count, 0);
  const check = () => {
    if (draining && inFlight() === 0) settle?.();
  };

  server.on('connection', (socket: net.Socket) => {
    open.set(socket, 0);
    socket.once('close', () => {
      open.delete(socket);
      check();
    });
  });
  // First of the 'request' listeners: the header is set before any handler can answer.
  server.prependListener('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const socket = request.socket;
    open.set(socket, (open.get(socket) ?? 0) + 1);
    if (draining) response.setHeader('Connection', 'close');
    response.once('close', () => {
      const left = Math.max(0, (open.get(socket) ?? 1) - 1);
      if (open.has(socket)) open.set(socket, left);
      if (draining && left === 0) socket.end();
      check();
    });
  });

  return {
    inFlight,
    drain: async (graceMs) => {
      draining = true;
      // No new connections; Node also closes the connections with no request in progress.
      server.close(() => {});
      for (const [socket, count] of open) if (count === 0) socket.end();
      if (inFlight() > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, graceMs);
          settle = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      const cut = inFlight();
      for (const socket of open.keys()) socket.destroy();
      return { cut };
    },
  };
}
