import { randomBytes, randomUUID } from 'node:crypto';
import { EmailTaken, UsernameTaken } from '../domain/auth.errors';
import type { User } from '../domain/user';
import { UserRepository } from '../domain/user.repository';

/** A valid account with unique email and username, for repository tests. */
export function aUser(overrides: Partial<User> = {}): User {
  const suffix = randomBytes(6).toString('hex');
  return {
    id: randomUUID(),
    email: `user_${suffix}@example.test`,
    username: `u_${suffix}`,
    name: `User ${suffix}`,
    passwordHash: 'scrypt$1024$8$1$c2FsdA$aGFzaA',
    emailVerified: false,
    createdAt: new Date('2026-03-01T10:00:00.123Z'),
    ...overrides,
  };
}

/** What every UserRepository must do; run against the in-memory and the TypeORM adapters. */
export function describeUserRepositoryContract(name: string, make: () => Promise<UserRepository>): void {
  describe(`UserRepository contract: ${name}`, () => {
    let users: UserRepository;
    beforeEach(async () => {
      users = await make();
    });

    it('finds an inserted account by id, email in any case and username', async () => {
      const user = aUser();
      await users.insert(user);
      expect(await users.findById(user.id)).toEqual(user);
      expect(await users.findByEmail(user.email.toUpperCase())).toEqual(user);
      expect(await users.findByUsername(user.username)).toEqual(user);
    });

    it('replaces a password hash, and nothing else', async () => {
      const user = aUser();
      const other = aUser();
      await users.insert(user);
      await users.insert(other);
      await users.updatePasswordHash(user.id, 'scrypt$2048$8$1$bmV3$bmV3LWhhc2g');
      expect(await users.findById(user.id)).toEqual({ ...user, passwordHash: 'scrypt$2048$8$1$bmV3$bmV3LWhhc2g' });
      expect(await users.findById(other.id)).toEqual(other);
    });

    it('verifies the email only while it is the address the proof was for', async () => {
      const user = aUser();
      await users.insert(user);
      expect(await users.markEmailVerified(user.id, 'someone.else@example.test')).toBeNull();
      expect(await users.findById(user.id)).toEqual(user);
      expect(await users.markEmailVerified(user.id, user.email.toUpperCase())).toEqual({ ...user, emailVerified: true });
      expect(await users.findById(user.id)).toEqual({ ...user, emailVerified: true });
      expect(await users.markEmailVerified(randomUUID(), user.email)).toBeNull();
    });

    it('changes the email (stored lower case, unverified again), refusing one another account has', async () => {
      const user = aUser({ emailVerified: true });
      const other = aUser();
      await users.insert(user);
      await users.insert(other);
      await expect(users.changeEmail(user.id, other.email.toUpperCase())).rejects.toBeInstanceOf(EmailTaken);
      expect(await users.findById(user.id)).toEqual(user);
      await users.changeEmail(user.id, 'New.Address@Example.test');
      expect(await users.findById(user.id)).toEqual({ ...user, email: 'new.address@example.test', emailVerified: false });
      await users.changeEmail(user.id, 'NEW.address@example.test');
      expect(await users.findByEmail('new.address@example.test')).toMatchObject({ id: user.id });
    });

    it('answers null for what does not exist', async () => {
      expect(await users.findById(randomUUID())).toBeNull();
      expect(await users.findByEmail('nobody@nowhere.test')).toBeNull();
      expect(await users.findByUsername('nobody_at_all')).toBeNull();
    });

    it('finds several by id, skipping unknown ids', async () => {
      const [a, b] = [aUser(), aUser()];
      await users.insert(a);
      await users.insert(b);
      const found = await users.findByIds([a.id, randomUUID(), b.id]);
      expect(found.map((u) => u.id).sort()).toEqual([a.id, b.id].sort());
      expect(await users.findByIds([])).toEqual([]);
    });

    it('refuses a second account with the same email in another case, and keeps the first', async () => {
      const first = aUser();
      await users.insert(first);
      const second = aUser({ email: first.email.toUpperCase() });
      await expect(users.insert(second)).rejects.toBeInstanceOf(EmailTaken);
      expect(await users.findById(second.id)).toBeNull();
      expect(await users.findByEmail(first.email)).toEqual(first);
    });

    it('refuses a second account with the same username', async () => {
      const first = aUser();
      await users.insert(first);
      const second = aUser({ username: first.username });
      await expect(users.insert(second)).rejects.toBeInstanceOf(UsernameTaken);
      expect(await users.findById(second.id)).toBeNull();
    });
  });
}
