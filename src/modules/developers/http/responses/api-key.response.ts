import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty, ApiTimestampProperty } from '../../../../common/http/api-response.decorators';
import { SCOPES } from '../../../../common/auth/scopes';
import { LIVE_PREFIX, type ApiKeyStatus } from '../../../keys/domain/api-key';

const KEY_STATUSES: ApiKeyStatus[] = ['active', 'revoked'];

/** Everything about a key but its secret, which is never stored. */
@ApiSchema({ name: 'ApiKeyInfo' })
export class ApiKeyInfoResponse {
  @ApiIdProperty()
  id!: string;

  @ApiProperty()
  label!: string;

  @ApiProperty({ enum: [LIVE_PREFIX] })
  prefix!: string;

  @ApiProperty({ pattern: '^[0-9a-f]{4}$' })
  last4!: string;

  @ApiProperty({ enum: SCOPES, isArray: true })
  scopes!: string[];

  @ApiProperty({ enum: KEY_STATUSES })
  status!: string;

  @ApiTimestampProperty()
  created_at!: string;

  @ApiTimestampProperty({ nullable: true })
  last_used_at!: string | null;

  @ApiTimestampProperty({ nullable: true })
  revoked_at!: string | null;
}

/** The one answer that carries the full key. */
@ApiSchema({ name: 'CreatedApiKey' })
export class CreatedApiKeyResponse {
  @ApiProperty({ pattern: '^sk_live_[0-9a-f]{64}$', description: 'The full key: shown this once only' })
  key!: string;

  @ApiIdProperty()
  id!: string;

  @ApiProperty()
  label!: string;

  @ApiProperty({ enum: [LIVE_PREFIX] })
  prefix!: string;

  @ApiProperty({ pattern: '^[0-9a-f]{4}$' })
  last4!: string;

  @ApiProperty({ enum: SCOPES, isArray: true })
  scopes!: string[];

  @ApiProperty({ enum: ['active'] })
  status!: string;

  @ApiTimestampProperty()
  created_at!: string;
}

export class ApiKeysData {
  @ApiProperty({ type: () => [ApiKeyInfoResponse] })
  keys!: ApiKeyInfoResponse[];
}
