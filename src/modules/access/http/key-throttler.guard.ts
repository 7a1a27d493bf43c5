import { ExecutionContext, Injectable } from '@nestjs/common';
import {
  ThrottlerGuard,
  type Resolvable,
  type ThrottlerGenerateKeyFunction,
  type ThrottlerGetTrackerFunction,
  type ThrottlerLimitDetail,
  type ThrottlerOptions,
  type ThrottlerRequest,
} from '@nestjs/throttler';
import {
  THROTTLER_BLOCK_DURATION,
  THROTTLER_KEY_GENERATOR,
  THROTTLER_LIMIT,
  THROTTLER_SKIP,
  THROTTLER_TRACKER,
  THROTTLER_TTL,
} from '@nestjs/throttler/dist/throttler.constants';
import type { Request, Response } from 'express';
import { RateLimited } from '../../../common/errors/domain-error';
import { clientAddress } from '../../../common/http/client-address';
import { routeAccess } from '../../../common/http/decorators';
import type { RequestWithPrincipal } from '../../../common/http/principal';
import type { RequestWithCaller } from '../../../common/http/caller';
import { DEFAULT_THROTTLER } from '../throttlers';

/** One throttler as it applies to one route, read from the route's decorators once. */
export interface RouteThrottler {
  throttler: ThrottlerOptions & { name: string };
  limit: Resolvable<number>;
  ttl: Resolvable<number>;
  skipIf: ((context: ExecutionContext) => boolean) | undefined;
  getTracker: ThrottlerGetTrackerFunction;
  generateKey: ThrottlerGenerateKeyFunction;
  /** The RateLimit-Policy entry, when the numbers do not depend on the request. */
  policy: string | undefined;
}

/** What handleRequest receives from canActivate: the package's request, and how to write the headers. */
interface RouteThrottlerRequest extends ThrottlerRequest {
  /** The RateLimit-Policy entry, when the numbers do not depend on the request. */
  policy?: string;
  /** A throttler before this one already wrote the headers of this response: add to them. */
  append?: boolean;
}

/** The RateLimit-Policy entry of the IETF draft "RateLimit header fields for HTTP": `"name";q=limit;w=window s`. */
const policyOf = (name: string, limit: number, ttlMs: number): string => `"${name}";q=${limit};w=${Math.ceil(ttlMs / 1000)}`;

function checkedNumber(value: unknown, option: string, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new Error(`Invalid "${option}" for the "${name}" throttler: expected a positive number, got ${JSON.stringify(value)}`);
  }
  return value;
}

async function resolved(context: ExecutionContext, value: Resolvable<number>, option: string, name: string): Promise<number> {
  return checkedNumber(typeof value === 'function' ? await value(context) : value, option, name);
}

/**
 * The second global guard: @nestjs/throttler's ThrottlerGuard, with the service's rules for
 * which throttler applies where, and the contract's headers.
 *
 * Which throttlers apply to a route:
 * - `default` (the per-key window, RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_S) applies to every route
 *   that needs an API key;
 * - any other throttler, and `default` on a @Public() route, applies where the route or its
 *   controller names it with @Throttle(): `@Throttle({ portal: {} })` takes the configured
 *   numbers, `@Throttle({ portal: { limit: 5 } })` sets the route's own;
 * - @SkipThrottle({ name: true }) turns a throttler off for a route (`@SkipThrottle()`: `default`).
 * Applying every configured throttler to every route, as the package's guard does, would limit
 * /v1/ by the portal's numbers and the portal by the keys'.
 *
 * Buckets: one per throttler and caller, whatever the route (`default:<key id>`, `portal:<address>`):
 * the caller is the API key's id when the route has one (ApiKeyGuard ran first), the client
 * address otherwise; never the raw key. A route that sets its own numbers for a throttler counts
 * in a bucket of its own, so that it neither spends nor is refused by its family's. (So a keyed
 * route that needs a tighter limit names a throttler of its own, counted on top of the key's
 * window; setting numbers for `default` would take it out of the window the headers publish.)
 *
 * Headers: every throttler that counted a request states itself in `RateLimit-Policy` and
 * `RateLimit` (one field line each, which HTTP reads as one comma-separated list), 429s included; the package's `X-RateLimit-*` and
 * suffixed `Retry-After-<name>` are not sent. A refusal throws RateLimited, so the envelope filter
 * answers 429 with the exact Retry-After.
 *
 * Each route's throttlers are read from its decorators once and kept per handler: the package's
 * own canActivate reads six pieces of metadata per throttler on every request, a measurable share
 * of a `GET /v1/me` (docs/adr/0005-throttler-guard-reads-route-limits-once.md). Reading them
 * needs the package's metadata keys, which its index does not export; the spec beside this file
 * fails if they change.
 */
@Injectable()
export class KeyThrottlerGuard extends ThrottlerGuard {
  private readonly routes = new WeakMap<object, RouteThrottler[]>();

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    // The developer page's session on a route it shares with the API (@SessionOrKey) counts
    // against no key, as on the page's own routes.
    if (context.getArgByIndex<RequestWithCaller>(0).sessionCaller) return true;
    const throttlers = this.throttlersOf(context);
    for (let i = 0; i < throttlers.length; i += 1) {
      const route = throttlers[i];
      if (route.skipIf?.(context)) continue;
      const name = route.throttler.name;
      const limit = typeof route.limit === 'number' ? route.limit : await resolved(context, route.limit, 'limit', name);
      const ttl = typeof route.ttl === 'number' ? route.ttl : await resolved(context, route.ttl, 'ttl', name);
      await this.handleRequest({
        context,
        limit,
        ttl,
        throttler: route.throttler,
        blockDuration: ttl,
        getTracker: route.getTracker,
        generateKey: route.generateKey,
        policy: route.policy,
        append: i > 0,
      } satisfies RouteThrottlerRequest);
    }
    return true;
  }

  /** Counts the request against one throttler, states it in the headers, and refuses it past the limit. */
  protected override async handleRequest(request: RouteThrottlerRequest): Promise<boolean> {
    const { context, limit, ttl, throttler, getTracker, generateKey } = request;
    const name = throttler.name ?? DEFAULT_THROTTLER;
    const req = context.getArgByIndex<Request>(0);
    const ignoreUserAgents = throttler.ignoreUserAgents ?? this.commonOptions.ignoreUserAgents;
    if (ignoreUserAgents?.some((pattern) => pattern.test(req.headers['user-agent'] ?? ''))) return true;
    const tracker = await getTracker(req, context);
    const key = generateKey(context, tracker, name);
    const record = await this.storageService.increment(key, ttl, limit, ttl, name);
    if (throttler.setHeaders ?? this.commonOptions.setHeaders ?? true) {
      const res = context.getArgByIndex<Response>(1);
      const policy = request.policy ?? policyOf(name, limit, ttl);
      const state = `"${name}";r=${Math.max(0, limit - record.totalHits)};t=${record.timeToExpire}`;
      if (request.append) {
        res.appendHeader('RateLimit-Policy', policy);
        res.appendHeader('RateLimit', state);
      } else {
        res.setHeader('RateLimit-Policy', policy);
        res.setHeader('RateLimit', state);
      }
    }
    if (record.isBlocked) await this.throwThrottlingException(context, { ...record, limit, ttl, key, tracker });
    return true;
  }

  /** The API key's id when the route has one, the client address otherwise. */
  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    return (req as RequestWithPrincipal).principal?.keyId ?? clientAddress(req as unknown as Request);
  }

  /** One bucket per throttler and caller, across routes. */
  protected override generateKey(_context: ExecutionContext, tracker: string, name: string): string {
    return `${name}:${tracker}`;
  }

  /** The contract's 429: RateLimited, whose exact wait the envelope filter writes as Retry-After. */
  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw new RateLimited(detail.timeToBlockExpire);
  }

  /** The route's throttlers, read from its decorators on its first request. */
  private throttlersOf(context: ExecutionContext): RouteThrottler[] {
    const handler = context.getHandler();
    let throttlers = this.routes.get(handler);
    if (!throttlers) {
      throttlers = this.readRoute(context);
      this.routes.set(handler, throttlers);
    }
    return throttlers;
  }

  private readRoute(context: ExecutionContext): RouteThrottler[] {
    const handler = context.getHandler();
    const classRef = context.getClass();
    const targets = [handler, classRef];
    const read = <T>(metadataKey: string): T | undefined => this.reflector.getAllAndOverride<T | undefined>(metadataKey, targets);
    const { isPublic } = routeAccess(this.reflector, context);
    const route = `${classRef.name}.${handler.name}`;
    const throttlers: RouteThrottler[] = [];
    // `default` first, whatever its window: the key's published window counts every keyed
    // request, even one that a further throttler refuses.
    const ordered = [...this.throttlers].sort((a, b) => Number(b.name === DEFAULT_THROTTLER) - Number(a.name === DEFAULT_THROTTLER));
    for (const throttler of ordered) {
      const name = throttler.name ?? DEFAULT_THROTTLER;
      if (read<boolean>(THROTTLER_SKIP + name)) continue;
      // @Throttle() defines every key of a name it lists, even those it leaves undefined.
      const named = targets.some((target) => Reflect.hasMetadata(THROTTLER_TTL + name, target));
      if (!named && (name !== DEFAULT_THROTTLER || isPublic)) continue;
      if (read(THROTTLER_BLOCK_DURATION + name) !== undefined || throttler.blockDuration !== undefined) {
        throw new Error(`route ${route}: the "${name}" throttler sets a blockDuration; a refusal lasts until the window has room`);
      }
      const ownLimit = read<Resolvable<number>>(THROTTLER_LIMIT + name);
      const ownTtl = read<Resolvable<number>>(THROTTLER_TTL + name);
      const limit = ownLimit ?? throttler.limit;
      const ttl = ownTtl ?? throttler.ttl;
      const ownBucket: ThrottlerGenerateKeyFunction = (_context, tracker, throttlerName) => `${throttlerName}:${route}:${tracker}`;
      const fixedLimit = typeof limit === 'function' ? undefined : checkedNumber(limit, 'limit', name);
      const fixedTtl = typeof ttl === 'function' ? undefined : checkedNumber(ttl, 'ttl', name);
      throttlers.push({
        throttler: { ...throttler, name },
        limit: fixedLimit ?? limit,
        ttl: fixedTtl ?? ttl,
        skipIf: throttler.skipIf ?? this.commonOptions.skipIf,
        getTracker: read<ThrottlerGetTrackerFunction>(THROTTLER_TRACKER + name) ?? throttler.getTracker ?? this.commonOptions.getTracker!,
        generateKey:
          read<ThrottlerGenerateKeyFunction>(THROTTLER_KEY_GENERATOR + name) ??
          throttler.generateKey ??
          (ownLimit !== undefined || ownTtl !== undefined ? ownBucket : this.commonOptions.generateKey!),
        policy: fixedLimit !== undefined && fixedTtl !== undefined ? policyOf(name, fixedLimit, fixedTtl) : undefined,
      });
    }
    return throttlers;
  }
}
