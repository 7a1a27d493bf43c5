import type { CookieOptions, Request, Response } from 'express';
import { AppConfig } from '../../config/app-config';

export const SESSION_COOKIE = 'sid';
/** The page and its JSON API both live under this path; the cookie goes nowhere else. */
const COOKIE_PATH = '/developers';

/**
 * Whether a request was routed to a path of the developer page (`/developers` and below), where
 * the session cookie is sent: on such a path a route serving both the page and the API
 * (@SessionOrKey) takes the session, and nowhere else. The route's declared path, not the
 * request's, so a path in other letter cases (which Express routes alike) is judged the same.
 */
export function onSessionPath(request: Request): boolean {
  const path = (request.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' && (path === COOKIE_PATH || path.startsWith(`${COOKIE_PATH}/`));
}

const baseOptions = (config: AppConfig): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: config.cookieSecure,
  path: COOKIE_PATH,
});

export function setSessionCookie(res: Response, config: AppConfig, token: string, expiresAt: Date): void {
  res.cookie(SESSION_COOKIE, token, { ...baseOptions(config), expires: expiresAt });
}

export function clearSessionCookie(res: Response, config: AppConfig): void {
  res.clearCookie(SESSION_COOKIE, baseOptions(config));
}

export function sessionTokenOf(req: Request): unknown {
  return (req.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
}
