import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { EVENT_TYPES, type EventType } from '../../domain/event-types';
import { WEBHOOK_URL_MAX } from '../../domain/limits';

/** Body of POST /v1/webhooks. */
export class CreateWebhookDto {
  @ApiProperty({
    description: 'https:// (http:// only where the operator allows private URLs); its host must resolve only to public addresses',
    maxLength: WEBHOOK_URL_MAX,
    example: 'https://example.com/hooks/todo',
  })
  @IsString()
  @MaxLength(WEBHOOK_URL_MAX)
  url!: string;

  @ApiPropertyOptional({
    type: [String],
    enum: EVENT_TYPES,
    nullable: true,
    description: 'Event types to deliver; omitted or null: every type',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(EVENT_TYPES.length)
  @IsIn(EVENT_TYPES, { each: true, message: `each value in types must be one of: ${EVENT_TYPES.join(', ')}` })
  types?: EventType[] | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, description: 'Only events of this list (one the caller can see)' })
  @IsOptional()
  @IsString()
  list_id?: string | null;
}
