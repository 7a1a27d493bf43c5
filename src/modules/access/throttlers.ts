import { minutes, seconds, type ThrottlerModuleOptions, type ThrottlerStorage } from '@nestjs/throttler';
import type { AppConfig } from '../../config/app-config';

/**
 * The contract's per-key window (API.md, "Rate limit"): it applies to every route that needs an
 * API key, with one bucket per key across all routes, and it is the policy the RateLimit headers
 * of /v1/ name.
 */
export const DEFAULT_THROTTLER = 'default';

/**
 * Sign-ups and sign-ins of the developer portal, per client address: each hashes a password with
 * scrypt, so one address must not keep the CPU busy with them. Routes opt in with
 * `@Throttle({ portal: {} })`.
 */
export const PORTAL_THROTTLER = 'portal';

/**
 * The throttlers of @nestjs/throttler (ThrottlerModule.forRootAsync in app.module.ts), counted in
 * the service's exact rolling windows. Which of them applies to which route is decided by
 * KeyThrottlerGuard (http/key-throttler.guard.ts).
 */
export function throttlerOptions(config: AppConfig, storage: ThrottlerStorage): ThrottlerModuleOptions {
  return {
    throttlers: [
      { name: DEFAULT_THROTTLER, limit: config.rateLimitMax, ttl: seconds(config.rateLimitWindowS) },
      { name: PORTAL_THROTTLER, limit: config.rateLimitPortalMax, ttl: minutes(1) },
    ],
    storage,
  };
}
