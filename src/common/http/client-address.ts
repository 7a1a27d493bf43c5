import { normalizeIp } from '@nestjs/throttler';
import type { Request } from 'express';

/**
 * The address a limit applies to: Express's `req.ip` (which honours TRUST_PROXY behind a
 * proxy), IPv4-mapped IPv6 folded to IPv4, and IPv6 grouped by /64 — one host usually owns a
 * whole /64, so counting single IPv6 addresses would let it rotate past the limit.
 * Every per-address limit uses it: would-be 401s, the throttlers of routes without an API key
 * (the portal's sign-ups and sign-ins), failed portal sign-ins and sign-ups.
 */
export function clientAddress(req: Pick<Request, 'ip' | 'socket'>): string {
  const raw = clientIp(req);
  return raw ? normalizeIp(raw) : 'unknown';
}

/**
 * The client's own address, as TRUST_PROXY defines it (Express's `req.ip`), not grouped:
 * what a key's `allowed_ips` are matched against. Undefined when the socket is gone.
 */
export function clientIp(req: Pick<Request, 'ip' | 'socket'>): string | undefined {
  return req.ip ?? req.socket?.remoteAddress;
}
