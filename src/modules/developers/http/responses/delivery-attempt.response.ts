import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiTimestampProperty } from '../../../../common/http/api-response.decorators';
import { KEPT_RESPONSE_BYTES } from '../../../webhooks/domain/delivery-attempt-log';

const HEADERS = { type: 'object', additionalProperties: { type: 'string' } } as const;

@ApiSchema({ name: 'DeliveryAttemptRequest', description: 'The POST an attempt made' })
export class DeliveryAttemptRequestResponse {
  @ApiProperty({ enum: ['POST'] })
  method!: string;

  @ApiProperty({
    ...HEADERS,
    example: {
      'content-type': 'application/json',
      'webhook-id': 'evt_0b8a3c7e4a8e4a519e5b6f0f1d2c3b4a',
      'webhook-timestamp': '1764356400',
      'webhook-signature': 'v1,3f2a…',
    },
    description: 'The headers signed and sent, each signature cut to its first characters',
  })
  headers!: Record<string, string>;
}

@ApiSchema({ name: 'DeliveryAttemptResponse', description: 'What the receiver answered, as much as is kept' })
export class DeliveryAttemptAnswerResponse {
  @ApiProperty({ ...HEADERS, description: 'Its headers, names in lower case; a cookie it sets reads `[redacted]`' })
  headers!: Record<string, string>;

  @ApiProperty({ description: `The first ${KEPT_RESPONSE_BYTES} bytes of its body, as text` })
  body!: string;

  @ApiProperty({ description: 'The body was longer' })
  body_truncated!: boolean;
}

@ApiSchema({ name: 'DeliveryAttempt', description: 'One attempt of a webhook delivery' })
export class DeliveryAttemptResponse {
  @ApiProperty({ type: 'integer', minimum: 1, description: '1 for the first attempt' })
  attempt!: number;

  @ApiTimestampProperty({ description: 'When the attempt began' })
  started_at!: string;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'From the start of the request to the end of the answer (or the failure)' })
  duration_ms!: number;

  @ApiProperty({
    type: () => DeliveryAttemptRequestResponse,
    nullable: true,
    description: 'Null when no request could be made (the signing secret could not be opened)',
  })
  request!: DeliveryAttemptRequestResponse | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'The receiver’s status; null when it did not answer' })
  status!: number | null;

  @ApiProperty({ type: () => DeliveryAttemptAnswerResponse, nullable: true, description: 'Null when it did not answer' })
  response!: DeliveryAttemptAnswerResponse | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why the attempt failed; null when it succeeded' })
  error!: string | null;
}

export class DeliveryAttemptsData {
  @ApiProperty({ type: () => [DeliveryAttemptResponse], description: 'Oldest first' })
  attempts!: DeliveryAttemptResponse[];
}
