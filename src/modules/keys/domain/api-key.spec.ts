import { SCOPES } from '../../../common/auth/scopes';
import { NodeSecretGenerator } from '../../../common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../../../common/crypto/sha256-token-hasher';
import { ApiKey, hashKey, isLiveKeyFormat } from './api-key';

describe('ApiKey', () => {
  const now = new Date('2026-05-01T08:00:00.000Z');
  const issue = () => ApiKey.issue({ id: 'k1', userId: 'u1', label: 'CI', now }, new NodeSecretGenerator(), new Sha256TokenHasher());

  it('issues sk_live_ + 64 lower-case hex characters and keeps only its SHA-256', () => {
    const { key, secret } = issue();
    expect(secret).toMatch(/^sk_live_[0-9a-f]{64}$/);
    expect(key.toProps()).toEqual({
      id: 'k1',
      userId: 'u1',
      label: 'CI',
      prefix: 'sk_live_',
      last4: secret.slice(-4),
      keyHash: hashKey(new Sha256TokenHasher(), secret),
      scopes: [...SCOPES],
      status: 'active',
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(key.toProps())).not.toContain(secret.slice(8));
    expect(issue().secret).not.toBe(secret);
  });

  it('recognises only the live key format', () => {
    expect(isLiveKeyFormat(issue().secret)).toBe(true);
    for (const bad of [
      '',
      'sk_live_',
      `sk_live_${'a'.repeat(63)}`,
      `sk_live_${'A'.repeat(64)}`,
      `sk_test_${'a'.repeat(64)}`,
      ` sk_live_${'a'.repeat(64)}`,
    ]) {
      expect(isLiveKeyFormat(bad)).toBe(false);
    }
  });

  it('is revoked once: a second revocation keeps the first time', () => {
    const { key } = issue();
    key.revoke(new Date('2026-05-02T00:00:00.000Z'));
    key.revoke(new Date('2026-05-03T00:00:00.000Z'));
    expect(key.isActive).toBe(false);
    expect(key.toProps()).toMatchObject({ status: 'revoked', revokedAt: new Date('2026-05-02T00:00:00.000Z') });
  });

  it('hands out copies: changing what toProps returned does not change the key', () => {
    const { key } = issue();
    const props = key.toProps();
    props.scopes.pop();
    props.status = 'revoked';
    expect(key.scopes).toHaveLength(5);
    expect(key.isActive).toBe(true);
  });
});
