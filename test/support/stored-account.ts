import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { KeyMode } from '../../src/common/auth/principal';
import { NodeSecretGenerator } from '../../src/common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../../src/common/crypto/sha256-token-hasher';
import { UuidGenerator } from '../../src/common/crypto/uuid-generator';
import { SystemClock } from '../../src/common/ports/clock';
import { AccountsService } from '../../src/modules/auth/domain/accounts.service';
import { ScryptPasswordHasher } from '../../src/modules/auth/infrastructure/crypto/scrypt-password-hasher';
import { TypeOrmUserRepository } from '../../src/modules/auth/infrastructure/typeorm/typeorm-user.repository';
import { ApiKey, UNRESTRICTED } from '../../src/modules/keys/domain/api-key';
import { recordSecret } from './secret-ledger';

/**
 * An account with one unrestricted key per mode asked, written straight to the database of a
 * service that runs as another process (which the specs cannot reach through `app.get`). The
 * keys are recorded for the secrets scan.
 */
export async function storedAccount(
  db: DataSource,
  account: { email: string; username: string; name: string },
  modes: readonly KeyMode[],
): Promise<{ userId: string; keys: Record<KeyMode, string> }> {
  const user = await new AccountsService(
    new TypeOrmUserRepository(db),
    new ScryptPasswordHasher(2 ** 10),
    new SystemClock(),
    new UuidGenerator(),
  ).signUp({ ...account, password: 'long enough password' }, { emailVerified: true });
  const keys = {} as Record<KeyMode, string>;
  for (const mode of modes) {
    const issued = ApiKey.issue(
      { id: randomUUID(), userId: user.id, label: `${account.username} ${mode}`, now: new Date(), restrictions: { ...UNRESTRICTED, mode } },
      new NodeSecretGenerator(),
      new Sha256TokenHasher(),
    );
    const props = issued.key.toProps();
    await db.query(
      `INSERT INTO api_keys (id, user_id, label, prefix, last4, key_hash, scopes, mode, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'active', now())`,
      [props.id, props.userId, props.label, props.prefix, props.last4, props.keyHash, props.scopes, props.mode],
    );
    recordSecret('api key', issued.secret);
    keys[mode] = issued.secret;
  }
  return { userId: user.id, keys };
}
