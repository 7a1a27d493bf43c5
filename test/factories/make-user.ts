import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AccountsService } from '../../src/modules/auth/domain/accounts.service';
import type { User } from '../../src/modules/auth/domain/user';
import { KeysService } from '../../src/modules/keys/domain/keys.service';
import { recordSecret } from '../support/secret-ledger';

export const TEST_PASSWORD = 'correct horse battery staple';

export interface UserWithKey {
  user: User;
  /** The full secret, to send as X-API-Key. */
  key: string;
  keyId: string;
}

/**
 * A fresh account (unique email and username) with one active key, made through the services;
 * its email is verified unless `emailVerified: false` says otherwise (as the operator command makes them).
 */
export async function makeUserWithKey(
  app: INestApplication,
  overrides: Partial<{ email: string; username: string; name: string; password: string; emailVerified: boolean }> = {},
): Promise<UserWithKey> {
  const suffix = randomBytes(5).toString('hex');
  const password = overrides.password ?? TEST_PASSWORD;
  recordSecret('password', password);
  const user = await app.get(AccountsService).signUp(
    {
      email: overrides.email ?? `user_${suffix}@example.test`,
      username: overrides.username ?? `u_${suffix}`,
      name: overrides.name ?? `User ${suffix}`,
      password,
    },
    { emailVerified: overrides.emailVerified ?? true },
  );
  const { key, secret } = await app.get(KeysService).create(user.id, 'test key');
  recordSecret('api key', secret);
  return { user, key: secret, keyId: key.id };
}
