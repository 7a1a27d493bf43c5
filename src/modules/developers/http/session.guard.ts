import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Session } from '../../auth/domain/session';
import { SessionsService } from '../../auth/domain/sessions.service';
import { sessionTokenOf } from '../../../common/http/session-cookie';

interface RequestWithSession extends Request {
  portalSession?: Session;
}

/** Portal routes behind a sign-in: the session cookie must name a live session (401 otherwise). */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<RequestWithSession>();
    req.portalSession = await this.sessions.require(sessionTokenOf(req));
    return true;
  }
}

/** The session established by SessionGuard. */
export const CurrentSession = createParamDecorator((_: unknown, context: ExecutionContext): Session => {
  const session = context.switchToHttp().getRequest<RequestWithSession>().portalSession;
  if (!session) throw new Error('CurrentSession used on a route without SessionGuard');
  return session;
});
