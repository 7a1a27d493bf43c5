import { hashShareToken, isShareTokenFormat, Share } from './share';
import { NodeSecretGenerator } from '../../../common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../../../common/crypto/sha256-token-hasher';

const now = new Date('2026-03-01T09:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('Share', () => {
  it('carries a fresh URL-safe token of 256 random bits; only its hash is in what is stored', () => {
    const a = Share.issue(
      { id: 's1', listId: 'l1', role: 'viewer', expiresAt: null, now },
      new NodeSecretGenerator(),
      new Sha256TokenHasher(),
    );
    const b = Share.issue(
      { id: 's2', listId: 'l1', role: 'viewer', expiresAt: null, now },
      new NodeSecretGenerator(),
      new Sha256TokenHasher(),
    );
    const token = a.issuedToken!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(token).not.toBe(b.issuedToken);
    expect(a.toProps().tokenHash).toBe(hashShareToken(new Sha256TokenHasher(), token));
    expect(JSON.stringify(a.toProps())).not.toContain(token);
    expect(isShareTokenFormat(token)).toBe(true);
    expect(Share.restore(a.toProps()).issuedToken).toBeNull();
  });

  it.each(['', 'short', 'has spaces in it and is long enough', '../../../../etc/passwd/xxxxxx', 'x'.repeat(129)])(
    'refuses %j as a token format',
    (value) => expect(isShareTokenFormat(value)).toBe(false),
  );

  it('works until it expires', () => {
    const share = Share.issue(
      { id: 's1', listId: 'l1', role: 'editor', expiresAt: later(1000), now },
      new NodeSecretGenerator(),
      new Sha256TokenHasher(),
    );
    expect(share.isUsableAt(later(999))).toBe(true);
    expect(share.isUsableAt(later(1000))).toBe(false);
    expect(
      Share.issue(
        { id: 's2', listId: 'l1', role: 'editor', expiresAt: null, now },
        new NodeSecretGenerator(),
        new Sha256TokenHasher(),
      ).isUsableAt(later(1e12)),
    ).toBe(true);
  });

  it('stops working once revoked; revoking again keeps the first time', () => {
    const share = Share.issue(
      { id: 's1', listId: 'l1', role: 'editor', expiresAt: null, now },
      new NodeSecretGenerator(),
      new Sha256TokenHasher(),
    );
    share.revoke(later(5));
    share.revoke(later(9));
    expect(share.revoked).toBe(true);
    expect(share.isUsableAt(later(6))).toBe(false);
    expect(share.toProps().revokedAt).toEqual(later(5));
  });
});
