import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty, ApiTimestampProperty } from '../../../../common/http/api-response.decorators';
import { REQUEST_LOG_BODY_LIMIT } from '../../../request-logs/domain/request-log';

@ApiSchema({ name: 'RequestLogLine', description: 'A /v1/ or /mcp request made with one of the account’s keys' })
export class RequestLogLineResponse {
  @ApiIdProperty()
  id!: string;

  @ApiTimestampProperty({ description: 'When the request arrived' })
  created_at!: string;

  @ApiProperty({ example: 'POST' })
  method!: string;

  @ApiProperty({ example: '/v1/lists/:id/items', description: 'The pattern of the route that answered' })
  route!: string;

  @ApiProperty({
    example: '/v1/lists/0b8a3c7e-4a8e-4a51-9e5b-6f0f1d2c3b4a/items',
    description: 'The path as it arrived, without its query string, secret-shaped segments masked',
  })
  path!: string;

  @ApiProperty({ type: 'integer', example: 200 })
  status!: number;

  @ApiProperty({ type: 'integer', minimum: 0, example: 12 })
  duration_ms!: number;

  @ApiProperty({ example: '2f0c8a8e-4d0b-4a4f-8f5e-0b5c3c1d9e7a', description: 'The X-Request-Id it was answered with' })
  request_id!: string;

  @ApiIdProperty({ description: 'The key that made it' })
  key_id!: string;
}

@ApiSchema({ name: 'RequestLogDetail', description: 'A request log line with its bodies' })
export class RequestLogDetailResponse extends RequestLogLineResponse {
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: `The request's JSON body as text, secrets redacted, at most ${REQUEST_LOG_BODY_LIMIT} bytes; null: none`,
  })
  request_body!: string | null;

  @ApiProperty({ description: 'The request body was longer and is cut (so perhaps no longer valid JSON)' })
  request_body_truncated!: boolean;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: `The answer's body as text, secrets redacted, at most ${REQUEST_LOG_BODY_LIMIT} bytes; null: none`,
  })
  response_body!: string | null;

  @ApiProperty({ description: 'The answer was longer and is cut (so perhaps no longer valid JSON)' })
  response_body_truncated!: boolean;
}

export class RequestLogPageData {
  @ApiProperty({ type: () => [RequestLogLineResponse], description: 'Newest first' })
  request_logs!: RequestLogLineResponse[];

  @ApiProperty({ type: 'string', nullable: true, description: 'Opaque; null on the last page' })
  next_cursor!: string | null;
}

export class RequestLogData {
  @ApiProperty({ type: () => RequestLogDetailResponse })
  request_log!: RequestLogDetailResponse;
}
