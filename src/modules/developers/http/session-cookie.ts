import type { CookieOptions, Request, Response } from 'express';
import { AppConfig } from '../../../config/app-config';

export const SESSION_COOKIE = 'sid';
/** The page and its JSON API both live under this path; the cookie goes nowhere else. */
const COOKIE_PATH = '/developers';

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
