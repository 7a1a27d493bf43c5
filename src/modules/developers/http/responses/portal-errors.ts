import { ApiErrorResponse, retryAfterHeader } from '../../../../common/http/api-response.decorators';

/** The portal's own error answers: a session instead of a key, a same-origin check, sign-in limits. */
export const ApiNoSessionResponse = () => ApiErrorResponse(401, 'No valid session');

/** Every portal mutation (SameOriginGuard). */
export const ApiCrossSiteResponse = () => ApiErrorResponse(403, 'Cross-site request (Origin is not this service)');

/** Sign-up and sign-in (SignInThrottle). */
export const ApiSignInLimitResponse = () =>
  ApiErrorResponse(429, 'Too many failed sign-ins or sign-ups for this login (email) or from this address', retryAfterHeader());
