import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { tooManyRequests } from './AppError.ts';
import { describeWait } from './describeWait.ts';
import { ipv6Bytes } from './isPublicAddress.ts';
import type { RateLimiter } from './RateLimiter.ts';

type Unit = 'second' | 'minute' | 'hour';

/**
 * A route's limit per client address: config: { rateLimit: { max: 60, timeWindow: '1 minute' } }, the
 * window in words ('30 seconds', '1 minute', '10 minutes', '1 hour'; anything else stops the start).
 */
export type RouteRateLimit = { max: number; timeWindow: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** At most max requests from one client address in each window, else 429 (rateLimitRoutes). */
    rateLimit?: RouteRateLimit;
  }
}

const UNIT_MS: Record<Unit, number> = { second: 1000, minute: 60_000, hour: 3_600_000 };

/** The length of a window in words, in milliseconds. */
export function windowMs(window: string): number {
  const [count = '', unit = '', ...rest] = window.trim().split(/\s+/);
  const ms = UNIT_MS[unit.replace(/s$/, '') as Unit];
  if (!ms || !(Number(count) > 0) || rest.length > 0) throw new Error(`Not a rate-limit window: "${window}"`);
  return Number(count) * ms;
}

/**
 * Who a limit counts: the client's address (request.ip, which follows TRUST_PROXY), an IPv6 address by its
 * /64 network (one subscriber's addresses, which they may change at will), an IPv4-mapped one as IPv4.
 */
export function clientKey(request: FastifyRequest): string {
  const ip = request.ip;
  if (!isIPv6(ip)) return ip;
  const bytes = ipv6Bytes(ip);
  if (!bytes) return ip;
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return bytes.slice(12).join('.');
  }
  return `${Buffer.from(bytes.slice(0, 8)).toString('hex')}::/64`;
}

/**
 * Gives every route whose config has a rateLimit its limit, counted by the one RateLimiter per route and
 * client address before anything else of the request is read (a bad request counts too). Beyond it the
 * answer is 429 with Retry-After and a message that says when to try again. Register before the routes.
 */
export function rateLimitRoutes(app: FastifyInstance, limiter: RateLimiter): void {
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const rule = { max: limit.max, windowMs: windowMs(limit.timeWindow) };
    const name = `route:${Array.isArray(route.method) ? route.method.join(',') : route.method} ${route.url}:`;
    const hook: onRequestHookHandler = async (request) => {
      const decision = await limiter.take(name + clientKey(request), rule);
      if (!decision.ok) {
        throw tooManyRequests(
          `Too many requests. Try again in ${describeWait(decision.retryAfterSeconds)}.`,
          decision.retryAfterSeconds,
        );
      }
    };
    const existing = route.onRequest;
    route.onRequest =
      existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook];
  });
}
