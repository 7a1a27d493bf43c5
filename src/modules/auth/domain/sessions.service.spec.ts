import { FakeClock } from '../../../common/testing/fake-clock';
import { NodeSecretGenerator } from '../../../common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../../../common/crypto/sha256-token-hasher';
import { SequentialIdGenerator } from '../../../common/testing/sequential-id-generator';
import { InMemorySessionRepository } from '../infrastructure/in-memory/in-memory-session.repository';
import { NoSession } from './auth.errors';
import { hashSessionToken } from './session';
import { SESSION_TTL_MS, SessionsService } from './sessions.service';

describe('SessionsService', () => {
  let clock: FakeClock;
  let repo: InMemorySessionRepository;
  let sessions: SessionsService;

  beforeEach(() => {
    clock = new FakeClock('2026-05-01T08:00:00.000Z');
    repo = new InMemorySessionRepository();
    sessions = new SessionsService(repo, clock, new SequentialIdGenerator(), new NodeSecretGenerator(), new Sha256TokenHasher());
  });

  it('starts a session for 7 days and stores only the hash of its 256-bit token', async () => {
    const { token, session } = await sessions.start('user-1');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      userId: 'user-1',
      tokenHash: hashSessionToken(new Sha256TokenHasher(), token),
      createdAt: clock.now(),
      expiresAt: new Date(clock.now().getTime() + SESSION_TTL_MS),
    });
    expect(SESSION_TTL_MS).toBe(7 * 24 * 3600 * 1000);
    expect(await repo.findByTokenHash(hashSessionToken(new Sha256TokenHasher(), token))).toEqual(session);
  });

  it('gives a different token every time', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i += 1) tokens.add((await sessions.start('user-1')).token);
    expect(tokens.size).toBe(20);
  });

  it('accepts a live session until the moment it expires', async () => {
    const { token, session } = await sessions.start('user-1');
    clock.advance(SESSION_TTL_MS - 1);
    await expect(sessions.require(token)).resolves.toEqual(session);
    clock.advance(1);
    await expect(sessions.require(token)).rejects.toBeInstanceOf(NoSession);
    expect(await repo.findByTokenHash(session.tokenHash)).toBeNull();
  });

  it('refuses a missing, malformed or unknown token without looking anything up for a malformed one', async () => {
    const lookup = jest.spyOn(repo, 'findByTokenHash');
    for (const token of [undefined, '', 'short', 42, `${'a'.repeat(43)};`]) {
      await expect(sessions.require(token)).rejects.toBeInstanceOf(NoSession);
    }
    expect(lookup).not.toHaveBeenCalled();
    await expect(sessions.require('A'.repeat(43))).rejects.toBeInstanceOf(NoSession);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('ends a session, harmlessly twice, and leaves the others alone', async () => {
    const ended = await sessions.start('user-1');
    const other = await sessions.start('user-1');
    await sessions.end(ended.token);
    await sessions.end(ended.token);
    await sessions.end(undefined);
    await expect(sessions.require(ended.token)).rejects.toBeInstanceOf(NoSession);
    await expect(sessions.require(other.token)).resolves.toEqual(other.session);
  });

  it("clears the account's expired sessions when it starts a new one", async () => {
    const old = await sessions.start('user-1');
    clock.advance(SESSION_TTL_MS);
    await sessions.start('user-1');
    expect(await repo.findByTokenHash(old.session.tokenHash)).toBeNull();
  });
});
