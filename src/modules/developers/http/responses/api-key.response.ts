import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiIdProperty, ApiTimestampProperty } from '../../../../common/http/api-response.decorators';
import { SCOPES } from '../../../../common/auth/scopes';
import { LIVE_PREFIX, TEST_PREFIX, type ApiKeyStatus } from '../../../keys/domain/api-key';
import { KEY_MODES } from '../../../keys/domain/key-restrictions';

const KEY_STATUSES: ApiKeyStatus[] = ['active', 'revoked', 'expired'];

/** A key's public fields (API.md section 9): every answer about a key shows them. */
@ApiSchema({ name: 'ApiKeyInfo' })
export class ApiKeyInfoResponse {
  @ApiIdProperty()
  id!: string;

  @ApiProperty()
  label!: string;

  @ApiProperty({ enum: KEY_MODES, description: 'The data the key works on' })
  mode!: string;

  @ApiProperty({ enum: [LIVE_PREFIX, TEST_PREFIX] })
  prefix!: string;

  @ApiProperty({ pattern: '^[0-9a-f]{4}$' })
  last4!: string;

  @ApiProperty({ enum: SCOPES, isArray: true, description: 'What the key may do (403 with X-Required-Scope otherwise)' })
  scopes!: string[];

  @ApiProperty({ type: [String], nullable: true, description: 'The only lists the key reaches; null: every list the account can see' })
  list_ids!: string[] | null;

  @ApiTimestampProperty({ nullable: true, description: 'From then on the key is a 401; null: never' })
  expires_at!: string | null;

  @ApiProperty({
    type: [String],
    nullable: true,
    description: 'Canonical addresses and CIDR ranges the key may be used from (403 elsewhere); null: anywhere',
  })
  allowed_ips!: string[] | null;

  @ApiProperty({ enum: KEY_STATUSES, description: '`expired`: its expires_at has come' })
  status!: string;

  @ApiTimestampProperty()
  created_at!: string;

  @ApiTimestampProperty({ nullable: true, description: 'At most a minute stale; null until first used' })
  last_used_at!: string | null;

  @ApiTimestampProperty({ nullable: true })
  revoked_at!: string | null;
}

/** The one answer that carries the full key: a new key, or a roll's replacement. */
@ApiSchema({ name: 'CreatedApiKey' })
export class CreatedApiKeyResponse extends ApiKeyInfoResponse {
  @ApiProperty({ pattern: '^sk_live_[0-9a-f]{64}$', description: 'The full key: shown this once only' })
  key!: string;
}

export class ApiKeysData {
  @ApiProperty({ type: () => [ApiKeyInfoResponse] })
  keys!: ApiKeyInfoResponse[];
}
