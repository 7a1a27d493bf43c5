import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { KeyMode } from '../../../common/auth/principal';
import type { RequestWithCaller, SessionCaller } from '../../../common/http/caller';
import { ModeQuery } from '../../../common/http/mode.query';
import { assertSameOrigin } from '../../../common/http/same-origin';
import { sessionTokenOf } from '../../../common/http/session-cookie';
import { createValidationPipe } from '../../../common/http/validation';
import { AppConfig } from '../../../config/app-config';
import { SessionsService } from '../../auth/domain/sessions.service';

/**
 * The developer page's half of ApiKeyGuard, on a route it shares with the API (@SessionOrKey),
 * in the order the page's own routes check: same origin (403, SameOriginGuard's rule), the
 * session (401), then the mode: the route's own when it has one (@RequireMode), else the
 * page's `?mode=` (live by default), checked as a query by the application's validation pipe so
 * a wrong one is the same 400 as any bad query. The caller is the session's account in that mode.
 */
@Injectable()
export class SessionAuthenticator {
  private readonly validation = createValidationPipe();

  constructor(
    private readonly sessions: SessionsService,
    private readonly config: AppConfig,
  ) {}

  async authenticate(request: Request & RequestWithCaller, routeMode: KeyMode | undefined): Promise<true> {
    assertSameOrigin(request, this.config.publicOrigin);
    const session = await this.sessions.require(sessionTokenOf(request));
    const mode = routeMode ?? (await this.modeOf(request));
    const caller: SessionCaller = { userId: session.userId, listIds: null, mode };
    request.sessionCaller = caller;
    return true;
  }

  /**
   * `?mode=`, checked, and taken out of the query the route reads: the mode is the caller's, so
   * the route's own query DTO (which refuses fields it does not declare) is the API's.
   */
  private async modeOf(request: Request): Promise<KeyMode> {
    const { mode, ...rest } = request.query;
    if (mode === undefined) return 'live';
    const checked = (await this.validation.transform({ mode }, { type: 'query', metatype: ModeQuery })) as ModeQuery;
    // Express reads `query` through a getter on the request's prototype: an own property shadows it.
    Object.defineProperty(request, 'query', { value: rest, configurable: true, enumerable: true, writable: true });
    return checked.mode ?? 'live';
  }
}
