import { applyDecorators, type ExecutionContext, HttpCode, HttpStatus, Post, SetMetadata } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { ApiExcludeEndpoint, ApiExtension, ApiSecurity } from '@nestjs/swagger';
import type { KeyMode } from '../auth/principal';
import type { Scope } from '../auth/scopes';

export const IS_PUBLIC = 'auth:is-public';
export const REQUIRED_SCOPE = 'auth:required-scope';
export const REQUIRED_MODE = 'auth:required-mode';
export const BEARER_KEY = 'auth:bearer-key';
export const SESSION_OR_KEY = 'auth:session-or-key';

/**
 * The route needs no API key (health, developer page, portal API, OpenAPI document), and so is
 * outside the per-key rate limit; a named throttler applies to it only through @Throttle().
 */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Name of the API-key security scheme in the OpenAPI document. */
export const API_KEY_SCHEME = 'ApiKey';

/**
 * The one scope an API-key route requires; the global ScopeGuard enforces it, and the
 * OpenAPI document states it (security requirement and `x-required-scope`), so the
 * reference cannot disagree with the guard.
 */
export const RequireScope = (scope: Scope) =>
  applyDecorators(SetMetadata(REQUIRED_SCOPE, scope), ApiSecurity(API_KEY_SCHEME, [scope]), ApiExtension('x-required-scope', scope));

/**
 * The route takes keys of one mode only (`POST /v1/sandbox/reset`: test keys). The global
 * ScopeGuard decides it just before the scope, so a key of the other mode is the same 403
 * whatever its scopes (API.md: "with a live key: 403, before the scope check"), after its
 * rate limit has counted the request as for any route. The OpenAPI document states it as
 * `x-required-mode`, which the authorization matrix reads.
 */
export const RequireMode = (mode: KeyMode) => applyDecorators(SetMetadata(REQUIRED_MODE, mode), ApiExtension('x-required-mode', mode));

/**
 * A route that serves several operations, each needing its own scope (the MCP endpoint: one
 * tool per scope): the route takes any key holding at least one of them, and the handler
 * checks each operation's scope. The OpenAPI document states the map (`x-operation-scopes`), so
 * the reference and the authorization matrix see every operation's scope as they see a
 * route's.
 */
export const RequireScopePerOperation = (scopes: Readonly<Record<string, Scope>>) => {
  const needed = [...new Set(Object.values(scopes))];
  return applyDecorators(
    SetMetadata(REQUIRED_SCOPE, needed),
    ApiSecurity(API_KEY_SCHEME, needed),
    ApiExtension('x-operation-scopes', scopes),
  );
};

/**
 * The route also takes its API key as `Authorization: Bearer <key>` (the MCP endpoint, whose
 * clients send bearer tokens); `X-API-Key` wins when both are sent.
 */
export const AcceptBearerKey = () => SetMetadata(BEARER_KEY, true);

/**
 * On a controller that serves the API and the developer page alike, from one handler per route
 * (`@Controller(['v1/webhooks', 'developers/api/webhooks'])`): on its path under /developers, where
 * the session cookie goes, ApiKeyGuard takes the page's session instead of a key (same origin
 * first, then the session, then `?mode=` unless the route is of one mode) and no rate limit or
 * scope applies; the handler reads either caller with @CurrentCaller() and runs in the caller's
 * mode (enterRequestMode, access.module.ts, enters it before the guards). Everywhere else the
 * route is keyed as any other. The OpenAPI
 * document shows the page's path in the portal's terms (addSessionForms, src/docs/openapi.ts).
 */
export const SessionOrKey = () => SetMetadata(SESSION_OR_KEY, true);

export const SESSION_SUMMARY = 'x-session-summary';

/** The summary of a @SessionOrKey() route on the developer page's path, where it is told in the page's terms. */
export const ApiSessionSummary = (summary: string) => ApiExtension(SESSION_SUMMARY, summary);

/** Keeps a route out of the OpenAPI document (test-only routes). */
export const Undocumented = () => ApiExcludeEndpoint();

/**
 * A POST route that answers 200: the published status table has no 201, so creation
 * also answers 200.
 */
export const PostOk = (path?: string) => applyDecorators(Post(path), HttpCode(HttpStatus.OK));

/** What the guards need to know of a route, read from its decorators once per handler. */
export interface RouteAccess {
  isPublic: boolean;
  /** The route's scope, or the scopes of its operations (@RequireScopePerOperation), any of which admits a key. */
  scope: Scope | readonly Scope[] | undefined;
  /** The one mode whose keys the route takes (@RequireMode); undefined: both. */
  mode: KeyMode | undefined;
  /** The key may come as `Authorization: Bearer` (@AcceptBearerKey). */
  bearer: boolean;
  /** Under /developers the route takes the page's session instead of a key (@SessionOrKey). */
  session: boolean;
}

const accessOfHandler = new WeakMap<object, RouteAccess>();

/**
 * The route's @Public(), @RequireScope() and @RequireMode(), on the handler or its controller. Decorators do
 * not change once the application runs, so each handler's answer is kept (a WeakMap keyed by
 * the handler function) rather than looked up again by every guard of every request.
 */
export function routeAccess(reflector: Reflector, context: ExecutionContext): RouteAccess {
  const handler = context.getHandler();
  let access = accessOfHandler.get(handler);
  if (!access) {
    const targets = [handler, context.getClass()];
    access = {
      isPublic: Boolean(reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)),
      scope: reflector.getAllAndOverride<Scope | readonly Scope[] | undefined>(REQUIRED_SCOPE, targets),
      mode: reflector.getAllAndOverride<KeyMode | undefined>(REQUIRED_MODE, targets),
      bearer: Boolean(reflector.getAllAndOverride<boolean>(BEARER_KEY, targets)),
      session: Boolean(reflector.getAllAndOverride<boolean>(SESSION_OR_KEY, targets)),
    };
    accessOfHandler.set(handler, access);
  }
  return access;
}
