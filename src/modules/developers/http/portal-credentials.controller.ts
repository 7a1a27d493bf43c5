import { Body, Controller, Req, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Request } from 'express';
import {
  ApiDataResponse,
  ApiErrorResponse,
  ApiErrorResponses,
  ApiRuleResponse,
  EmptyResponse,
  retryAfterHeader,
} from '../../../common/http/api-response.decorators';
import { clientAddress } from '../../../common/http/client-address';
import { PostOk, Public } from '../../../common/http/decorators';
import { NoFieldsPipe } from '../../../common/http/no-fields.pipe';
import { EmailVerificationService } from '../../auth/domain/email-verification.service';
import { PasswordsService } from '../../auth/domain/passwords.service';
import type { Session } from '../../auth/domain/session';
import { ChangeEmailDto, ChangePasswordDto, ConfirmPasswordResetDto, PasswordResetDto, VerifyEmailDto } from './dto/account-flows.dto';
import { presentAccount } from './portal.presenter';
import { AccountData } from './responses/account.response';
import { ApiCrossSiteResponse, ApiNoSessionResponse, ApiSignInLimitResponse } from './responses/portal-errors';
import { SameOriginGuard } from './same-origin.guard';
import { CurrentSession, SessionGuard } from './session.guard';

const ApiInvalidTokenResponse = () =>
  ApiErrorResponse(400, 'The token is malformed, unknown, already used or expired (one answer for all four)');
const ApiWrongPasswordResponse = () => ApiErrorResponse(403, 'Cross-site request, or the current password is wrong');

/**
 * Proving an email, and setting a password without knowing the old one (a mailed link) or
 * with it (signed in). The links' routes need no session: a link may be opened in another browser.
 */
@ApiTags('developer portal')
@ApiErrorResponses(400)
@Controller('developers/api')
@Public()
@UseGuards(SameOriginGuard)
export class PortalCredentialsController {
  constructor(
    private readonly verification: EmailVerificationService,
    private readonly passwords: PasswordsService,
  ) {}

  @PostOk('verify-email')
  @Throttle({ portal: {} })
  @ApiOperation({ summary: "Verify the account's email with the token of a mailed link (no session needed)" })
  @ApiDataResponse(AccountData)
  @ApiInvalidTokenResponse()
  @ApiCrossSiteResponse()
  async verifyEmail(@Body() body: VerifyEmailDto) {
    return { user: presentAccount(await this.verification.verify(body.token)) };
  }

  @PostOk('resend-verification')
  @UseGuards(SessionGuard)
  @ApiCookieAuth('sid')
  @ApiOperation({ summary: 'Mail a new verification link (earlier links stop working); at most 5 per hour' })
  @ApiDataResponse(EmptyResponse)
  @ApiNoSessionResponse()
  @ApiCrossSiteResponse()
  @ApiRuleResponse('the email is already verified')
  @ApiErrorResponse(429, 'Five verification mails were resent in the last hour', retryAfterHeader())
  async resendVerification(@Body(NoFieldsPipe) _body: unknown, @CurrentSession() session: Session) {
    await this.verification.resend(session.userId);
    return {};
  }

  @PostOk('email')
  @UseGuards(SessionGuard)
  @Throttle({ portal: {} })
  @ApiCookieAuth('sid')
  @ApiOperation({ summary: "Change the account's email (unverified until the link mailed to it is opened)" })
  @ApiDataResponse(AccountData)
  @ApiNoSessionResponse()
  @ApiWrongPasswordResponse()
  @ApiRuleResponse('another account has this email')
  @ApiSignInLimitResponse()
  async changeEmail(@Body() body: ChangeEmailDto, @CurrentSession() session: Session, @Req() req: Request) {
    return { user: presentAccount(await this.verification.changeEmail(session.userId, body, clientAddress(req))) };
  }

  @PostOk('password-reset')
  @Throttle({ portal: {} })
  @ApiOperation({ summary: 'Mail a password reset link: the same answer, in the same time, whether or not an account has the email' })
  @ApiDataResponse(EmptyResponse)
  @ApiCrossSiteResponse()
  @ApiErrorResponse(429, 'Too many resets or failed sign-ins for this email or from this address', retryAfterHeader())
  async requestReset(@Body() body: PasswordResetDto, @Req() req: Request) {
    await this.passwords.requestReset(body.email, clientAddress(req));
    return {};
  }

  @PostOk('password-reset/confirm')
  @Throttle({ portal: {} })
  @ApiOperation({ summary: 'Set a new password with the token of a reset link: every session of the account ends' })
  @ApiDataResponse(EmptyResponse)
  @ApiInvalidTokenResponse()
  @ApiCrossSiteResponse()
  async confirmReset(@Body() body: ConfirmPasswordResetDto) {
    await this.passwords.confirmReset(body.token, body.password);
    return {};
  }

  @PostOk('password')
  @UseGuards(SessionGuard)
  @Throttle({ portal: {} })
  @ApiCookieAuth('sid')
  @ApiOperation({ summary: "Change the password (the current one is required): the account's other sessions end" })
  @ApiDataResponse(EmptyResponse)
  @ApiNoSessionResponse()
  @ApiWrongPasswordResponse()
  @ApiSignInLimitResponse()
  async changePassword(@Body() body: ChangePasswordDto, @CurrentSession() session: Session, @Req() req: Request) {
    await this.passwords.change(session, { currentPassword: body.current_password, newPassword: body.new_password }, clientAddress(req));
    return {};
  }
}
