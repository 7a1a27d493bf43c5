import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

/** Liveness (`uptime_s`) and readiness (`database`) both answer `status: ok`, or an error. */
@ApiSchema({ name: 'Health' })
export class HealthResponse {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';

  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Liveness: whole seconds since the process started' })
  uptime_s?: number;

  @ApiPropertyOptional({
    type: 'object',
    description: 'Readiness: the database answered and accepts writes',
    required: ['status', 'latency_ms'],
    properties: { status: { type: 'string', enum: ['ok'] }, latency_ms: { type: 'integer', minimum: 0 } },
  })
  database?: { status: 'ok'; latency_ms: number };
}
