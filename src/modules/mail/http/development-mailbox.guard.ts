import { CanActivate, ExecutionContext, Injectable, NotFoundException } from '@nestjs/common';
import type { Request } from 'express';
import { AppConfig } from '../../../config/app-config';

/**
 * The development mailbox exists only where mail stays in the outbox and NODE_ENV is not
 * production; elsewhere its route answers exactly as a route that does not exist.
 */
@Injectable()
export class DevelopmentMailboxGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.config.mail.mailboxShown) return true;
    const req = context.switchToHttp().getRequest<Request>();
    // The message the router gives an unknown route, which the envelope filter words as such.
    throw new NotFoundException(`Cannot ${req.method} ${req.path}`);
  }
}
