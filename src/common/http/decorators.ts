import { applyDecorators, HttpCode, HttpStatus, Post, SetMetadata } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiExtension, ApiSecurity } from '@nestjs/swagger';

export const IS_PUBLIC = 'auth:is-public';
export const REQUIRED_SCOPE = 'auth:required-scope';

export const SCOPES = ['lists:read', 'lists:write', 'items:read', 'items:write', 'profile:read'] as const;
export type Scope = (typeof SCOPES)[number];

/** The route needs no API key (health, developer page, portal API, OpenAPI document). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Name of the API-key security scheme in the OpenAPI document. */
export const API_KEY_SCHEME = 'ApiKey';

/**
 * The one scope an API-key route requires; the global scope guard enforces it, and the
 * OpenAPI document states it (security requirement and `x-required-scope`), so the
 * reference cannot disagree with the guard.
 */
export const RequireScope = (scope: Scope) =>
  applyDecorators(
    SetMetadata(REQUIRED_SCOPE, scope),
    ApiSecurity(API_KEY_SCHEME, [scope]),
    ApiExtension('x-required-scope', scope),
  );

/** Keeps a route out of the OpenAPI document (test-only routes). */
export const Undocumented = () => ApiExcludeEndpoint();

/**
 * A POST route that answers 200: the published status table has no 201, so creation
 * also answers 200.
 */
export const PostOk = (path?: string) => applyDecorators(Post(path), HttpCode(HttpStatus.OK));
