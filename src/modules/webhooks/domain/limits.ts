/** API.md section 8. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 10;
export const WEBHOOK_URL_MAX = 2048;
/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 60 * 60 * 1000;
/** Failures without a success for this long disable a webhook. */
export const FAILING_DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;
/** Succeeded and failed deliveries are kept this long (as the feed keeps events), then deleted. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
