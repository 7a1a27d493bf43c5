import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty, ApiTimestampProperty } from '../../../../common/http/api-response.decorators';

@ApiSchema({ name: 'OutboxMessage', description: 'A message left in the development outbox, as it would have been mailed' })
export class OutboxMessageResponse {
  @ApiIdProperty()
  id!: string;

  @ApiProperty({ description: 'The recipient address', example: 'ada@example.com' })
  to!: string;

  @ApiProperty({ maxLength: 200 })
  subject!: string;

  @ApiProperty({ description: 'The plain text of the message, links included' })
  text!: string;

  @ApiProperty({ description: 'What the message is for', example: 'verify-email' })
  kind!: string;

  @ApiTimestampProperty()
  created_at!: string;
}

export class MailboxData {
  @ApiProperty({ type: () => [OutboxMessageResponse], description: 'The last 50 outbox messages, newest first' })
  messages!: OutboxMessageResponse[];
}
