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
 * whoever holds the mail, signed in or not, and the outbox exists only on a developer's machine.
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
    description: 'Not served (404, as an unknown route) under NODE_ENV=production or when SMTP_URL is set.',
  })
  @ApiDataResponse(MailboxData)
  @ApiErrorResponse(404, 'Not served here: NODE_ENV=production or SMTP_URL is set')
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
