import { SCOPES } from '../../../common/auth/scopes';
import { NodeSecretGenerator } from '../../../common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../../../common/crypto/sha256-token-hasher';
import { ApiKey, hashKey, isKeyFormat } from './api-key';

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
      mode: 'live',
      listIds: null,
      expiresAt: null,
      allowedIps: null,
      status: 'active',
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(key.toProps())).not.toContain(secret.slice(8));
    expect(issue().secret).not.toBe(secret);
  });

  it('recognises only the live key format', () => {
    expect(isKeyFormat(issue().secret)).toBe(true);
    for (const bad of [
      '',
      'sk_live_',
      `sk_live_${'a'.repeat(63)}`,
      `sk_live_${'A'.repeat(64)}`,
      `sk_demo_${'a'.repeat(64)}`,
      ` sk_live_${'a'.repeat(64)}`,
    ]) {
      expect(isKeyFormat(bad)).toBe(false);
    }
  });

  it('is revoked once: a second revocation keeps the first time', () => {
    const { key } = issue();
    key.revoke(new Date('2026-05-02T00:00:00.000Z'));
    key.revoke(new Date('2026-05-03T00:00:00.000Z'));
    expect(key.isActive).toBe(false);
    expect(key.toProps()).toMatchObject({ status: 'revoked', revokedAt: new Date('2026-05-02T00:00:00.000Z') });
  });

  it('hands out copies: changing what toProps or restrictions returned does not change the key', () => {
    const { key } = restricted();
    const props = key.toProps();
    props.scopes.pop();
    props.listIds!.pop();
    props.allowedIps!.pop();
    props.status = 'revoked';
    key.restrictions().scopes.pop();
    expect(key.toProps()).toMatchObject({ scopes: ['items:read'], listIds: ['l1'], allowedIps: ['192.0.2.0/24'], status: 'active' });
  });

  const restricted = () =>
    ApiKey.issue(
      {
        id: 'k2',
        userId: 'u1',
        label: 'CI',
        now,
        restrictions: {
          mode: 'live',
          scopes: ['items:read'],
          listIds: ['l1'],
          expiresAt: new Date('2026-05-02T08:00:00.000Z'),
          allowedIps: ['192.0.2.0/24'],
        },
      },
      new NodeSecretGenerator(),
      new Sha256TokenHasher(),
    );

  it('keeps the restrictions it was issued with, for a roll to carry over', () => {
    const { key } = restricted();
    expect(key.restrictions()).toEqual({
      mode: 'live',
      scopes: ['items:read'],
      listIds: ['l1'],
      expiresAt: new Date('2026-05-02T08:00:00.000Z'),
      allowedIps: ['192.0.2.0/24'],
    });
  });

  it('is expired from its expiry on, and revoked above all', () => {
    const { key } = restricted();
    expect(key.statusAt(new Date('2026-05-02T07:59:59.999Z'))).toBe('active');
    expect(key.statusAt(new Date('2026-05-02T08:00:00.000Z'))).toBe('expired');
    expect(key.isActive).toBe(true);
    key.revoke(new Date('2026-05-01T09:00:00.000Z'));
    expect(key.statusAt(new Date('2026-05-03T00:00:00.000Z'))).toBe('revoked');
    expect(issue().key.statusAt(new Date('2100-01-01T00:00:00.000Z'))).toBe('active');
  });

  it('brings its expiry forward, never back', () => {
    const { key } = restricted();
    key.expireBy(new Date('2026-05-03T00:00:00.000Z'));
    expect(key.expiresAt).toEqual(new Date('2026-05-02T08:00:00.000Z'));
    key.expireBy(new Date('2026-05-01T10:00:00.000Z'));
    expect(key.expiresAt).toEqual(new Date('2026-05-01T10:00:00.000Z'));
    const unlimited = issue().key;
    unlimited.expireBy(now);
    expect(unlimited.statusAt(now)).toBe('expired');
  });
});
