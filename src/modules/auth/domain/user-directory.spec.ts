import { FakeClock } from '../../../common/testing/fake-clock';
import { InMemoryUserRepository } from '../infrastructure/in-memory/in-memory-user.repository';
import type { User } from './user';
import { UserDirectory } from './user-directory';

const user = (n: number): User => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  email: `u${n}@example.com`,
  username: `user_${n}`,
  name: `User ${n}`,
  passwordHash: 'scrypt$1024$8$1$salt$hash',
  emailVerified: false,
  createdAt: new Date('2026-05-01T08:00:00.000Z'),
});

/** Counts the repository's reads, to see what the directory's cache saves. */
class CountingUsers extends InMemoryUserRepository {
  reads = 0;
  override findById(id: string) {
    this.reads += 1;
    return super.findById(id);
  }
}

describe('UserDirectory', () => {
  it('answers a summary without the password hash, and reads each account once', async () => {
    const users = new CountingUsers();
    await users.insert(user(1));
    const directory = new UserDirectory(users);
    const expected = { id: user(1).id, email: 'u1@example.com', username: 'user_1', name: 'User 1', emailVerified: false };
    expect(await directory.findById(user(1).id)).toEqual(expected);
    expect(await directory.findById(user(1).id)).toEqual(expected);
    expect(users.reads).toBe(1);
  });

  it('does not remember an unknown id: an account made later is found', async () => {
    const users = new CountingUsers();
    const directory = new UserDirectory(users);
    expect(await directory.findById(user(2).id)).toBeNull();
    await users.insert(user(2));
    expect((await directory.findById(user(2).id))?.username).toBe('user_2');
  });

  it('reads an account again once it is forgotten, and findCurrent never from the cache', async () => {
    const users = new CountingUsers();
    await users.insert(user(1));
    const directory = new UserDirectory(users);
    await directory.findById(user(1).id);
    await users.markEmailVerified(user(1).id, 'u1@example.com');
    expect((await directory.findById(user(1).id))?.emailVerified).toBe(false);
    expect((await directory.findCurrent(user(1).id))?.emailVerified).toBe(true);
    directory.forget(user(1).id);
    expect((await directory.findById(user(1).id))?.emailVerified).toBe(true);
    expect(users.reads).toBe(3);
  });

  it("reads an entry again once it is older than its freshness allows (another instance's change)", async () => {
    const users = new CountingUsers();
    await users.insert(user(1));
    const clock = new FakeClock();
    const directory = new UserDirectory(users, 10, { clock, maxAgeMs: 5_000 });
    await directory.findById(user(1).id);
    await users.markEmailVerified(user(1).id, 'u1@example.com');
    clock.advance(4_999);
    expect((await directory.findById(user(1).id))?.emailVerified).toBe(false);
    clock.advance(1);
    expect((await directory.findById(user(1).id))?.emailVerified).toBe(true);
    expect(users.reads).toBe(2);
  });

  it('keeps at most its limit of entries, dropping the oldest', async () => {
    const users = new CountingUsers();
    for (const n of [1, 2, 3]) await users.insert(user(n));
    const directory = new UserDirectory(users, 2);
    for (const n of [1, 2, 3]) await directory.findById(user(n).id);
    expect(users.reads).toBe(3);
    await directory.findById(user(3).id);
    await directory.findById(user(2).id);
    expect(users.reads).toBe(3);
    await directory.findById(user(1).id);
    expect(users.reads).toBe(4);
  });
});
