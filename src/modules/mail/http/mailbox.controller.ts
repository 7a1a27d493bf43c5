import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataResponse, ApiErrorResponse } from '../../../common/http/api-response.decorators';
import { Public } from '../../../common/http/decorators';
import { isoTime } from '../../../common/http/iso-time';
import { MailOperations } from '../domain/mail-operations';
import { DevelopmentMailboxGuard } from './development-mailbox.guard';
import { MailboxData } from './responses/mailbox.response';

/**
 * The developer page's "Mailbox (development only)": what the service would have mailed,
 * read from the development outbox. No session: a verification or reset link is opened by
 * whoever holds the mail, signed in or not; DevelopmentMailboxGuard serves it to this machine alone.
 */
@ApiTags('developer portal')
@Controller('developers/api/dev')
@Public()
export class MailboxController {
  constructor(private readonly mail: MailOperations) {}

  @Get('mailbox')
  @UseGuards(DevelopmentMailboxGuard)
  @ApiOperation({
    summary: 'The last 50 messages of the development outbox, newest first (development only)',
    description:
      'Served only to this machine: without SMTP_URL, outside NODE_ENV=production, with HOST a loopback address or localhost, ' +
      'to a loopback client (no X-Forwarded-For or Forwarded header) whose Host names a loopback address or localhost. ' +
      'Otherwise 404, as an unknown route.',
  })
  @ApiDataResponse(MailboxData)
  @ApiErrorResponse(404, 'Not served here or to this client (see the description)')
  async mailbox(): Promise<MailboxData> {
    const messages = await this.mail.mailbox();
    return {
      messages: messages.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        kind: m.kind,
        created_at: isoTime(m.createdAt),
      })),
    };
  }
}
