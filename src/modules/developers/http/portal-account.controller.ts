import { Body, Controller, Get, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import {
  ApiDataResponse,
  ApiErrorResponse,
  ApiErrorResponses,
  ApiRuleResponse,
  EmptyResponse,
} from '../../../common/http/api-response.decorators';
import { AccountData, SessionData } from './responses/account.response';
import { ApiCrossSiteResponse, ApiNoSessionResponse, ApiSignInLimitResponse } from './responses/portal-errors';
import type { Request, Response } from 'express';
import { clientAddress } from '../../../common/http/client-address';
import { PostOk, Public } from '../../../common/http/decorators';
import { AppConfig } from '../../../config/app-config';
import { AccountsService } from '../../auth/domain/accounts.service';
import { NoSession } from '../../auth/domain/auth.errors';
import type { Session } from '../../auth/domain/session';
import { SessionsService } from '../../auth/domain/sessions.service';
import { SignInService } from '../../auth/domain/sign-in.service';
import { LoginDto, SignUpDto } from './dto/portal.dto';
import { NoFieldsPipe } from '../../../common/http/no-fields.pipe';
import { presentAccount } from './portal.presenter';
import { SameOriginGuard } from './same-origin.guard';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../../../common/http/session-cookie';
import { SessionGuard } from './session.guard';

/** The developer page's account routes: no API key, a session cookie instead. */
@ApiTags('developer portal')
@ApiErrorResponses(400)
@Controller('developers/api')
@Public()
@UseGuards(SameOriginGuard)
export class PortalAccountController {
  constructor(
    private readonly signIns: SignInService,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly config: AppConfig,
  ) {}

  @PostOk('signup')
  @Throttle({ portal: {} })
  @ApiOperation({ summary: 'Create an account and sign in (sets the session cookie)' })
  @ApiDataResponse(AccountData)
  @ApiCrossSiteResponse()
  @ApiRuleResponse('the email or username is taken')
  @ApiSignInLimitResponse()
  async signUp(@Body() body: SignUpDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const signedIn = await this.signIns.signUp(body, clientAddress(req), sessionTokenOf(req));
    setSessionCookie(res, this.config, signedIn.token, signedIn.session.expiresAt);
    return { user: presentAccount(signedIn.user) };
  }

  @PostOk('login')
  @Throttle({ portal: {} })
  @ApiOperation({ summary: 'Sign in with an email or username (sets a fresh session cookie)' })
  @ApiDataResponse(AccountData)
  @ApiErrorResponse(401, 'Wrong login or password (one generic answer)')
  @ApiCrossSiteResponse()
  @ApiSignInLimitResponse()
  async login(@Body() body: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const signedIn = await this.signIns.signIn(body.login, body.password, clientAddress(req), sessionTokenOf(req));
    setSessionCookie(res, this.config, signedIn.token, signedIn.session.expiresAt);
    return { user: presentAccount(signedIn.user) };
  }

  @PostOk('logout')
  @UseGuards(SessionGuard)
  @ApiCookieAuth('sid')
  @ApiOperation({ summary: 'End the session on the server' })
  @ApiDataResponse(EmptyResponse)
  @ApiNoSessionResponse()
  @ApiCrossSiteResponse()
  async logout(@Body(NoFieldsPipe) _body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.signIns.signOut(sessionTokenOf(req));
    clearSessionCookie(res, this.config);
    return {};
  }

  /**
   * Not in API.md's table: lets the page tell, on load, who (if anyone) is signed in. Being
   * signed out is an answer here, not an error: `{user: null}` with 200, so that opening the
   * page logs no failed request in the browser's console.
   */
  @Get('session')
  @ApiCookieAuth('sid')
  @ApiOperation({ summary: 'The signed-in account, or user: null when no session is live' })
  @ApiDataResponse(SessionData)
  async session(@Req() req: Request) {
    let session: Session;
    try {
      session = await this.sessions.require(sessionTokenOf(req));
    } catch (error) {
      if (error instanceof NoSession) return { user: null };
      throw error;
    }
    const user = await this.accounts.findById(session.userId);
    return { user: user ? presentAccount(user) : null };
  }
}
