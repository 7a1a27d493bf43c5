import { CanActivate, ExecutionContext, Injectable, NotFoundException } from '@nestjs/common';
import type { Request } from 'express';
import { isLoopbackAddress, isLoopbackHostHeader } from '../../../common/net/loopback';
import { AppConfig } from '../../../config/app-config';

/**
 * The development mailbox holds every account's verification and reset links, so it is served
 * only to this machine: where the configuration allows it at all (`mail.mailboxShown`: no
 * SMTP_URL, not production, listening on loopback), and then only to a request that comes
 * from a loopback address, straight (no proxy's forwarding header: a proxy on this machine
 * may be relaying anyone), with a Host naming a loopback address or localhost (a page of
 * another origin that rebinds its name to 127.0.0.1 still sends its own name). Anything else
 * is answered exactly as a route that does not exist.
 */
@Injectable()
export class DevelopmentMailboxGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (this.config.mail.mailboxShown && DevelopmentMailboxGuard.fromThisMachine(req)) return true;
    // The message the router gives an unknown route, which the envelope filter words as such.
    throw new NotFoundException(`Cannot ${req.method} ${req.path}`);
  }

  private static fromThisMachine(req: Request): boolean {
    return (
      isLoopbackAddress(req.socket.remoteAddress) &&
      req.headers['x-forwarded-for'] === undefined &&
      req.headers.forwarded === undefined &&
      isLoopbackHostHeader(req.headers.host)
    );
  }
}
