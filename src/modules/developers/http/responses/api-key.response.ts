import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty, ApiTimestampProperty } from '../../../../common/http/api-response.decorators';
import { SCOPES } from '../../../../common/auth/scopes';
import { LIVE_PREFIX, type ApiKeyStatus } from '../../../keys/domain/api-key';

const KEY_STATUSES: ApiKeyStatus[] = ['active', 'revoked'];

/** What every answer about a key shows of it. */
class ApiKeyFields {
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

  @ApiTimestampProperty()
  created_at!: string;
}

/** Everything about a key but its secret, which is never stored. */
@ApiSchema({ name: 'ApiKeyInfo' })
export class ApiKeyInfoResponse extends ApiKeyFields {
  @ApiProperty({ enum: KEY_STATUSES })
  status!: string;

  @ApiTimestampProperty({ nullable: true })
  last_used_at!: string | null;

  @ApiTimestampProperty({ nullable: true })
  revoked_at!: string | null;
}

/** The one answer that carries the full key. */
@ApiSchema({ name: 'CreatedApiKey' })
export class CreatedApiKeyResponse extends ApiKeyFields {
  @ApiProperty({ pattern: '^sk_live_[0-9a-f]{64}$', description: 'The full key: shown this once only' })
  key!: string;

  @ApiProperty({ enum: ['active'] })
  status!: string;
}

export class ApiKeysData {
  @ApiProperty({ type: () => [ApiKeyInfoResponse] })
  keys!: ApiKeyInfoResponse[];
}
