import { ScryptPasswordHasher } from './scrypt-password-hasher';

describe('ScryptPasswordHasher', () => {
  it('hashes with N = 2^17, r = 8, p = 1 by default (128 MiB: maxmem is raised to allow it), and verifies', async () => {
    const hasher = new ScryptPasswordHasher();
    const stored = await hasher.hash('analytical engine');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    await expect(hasher.verify('analytical engine', stored)).resolves.toBe(true);
    await expect(hasher.verify('analytical engines', stored)).resolves.toBe(false);
    expect(hasher.needsRehash(stored)).toBe(false);
  });

  it('still verifies a hash made with a lower N (its parameters are stored with it), and wants it re-hashed', async () => {
    const old = await new ScryptPasswordHasher(2 ** 10).hash('analytical engine');
    const current = new ScryptPasswordHasher(2 ** 12);
    await expect(current.verify('analytical engine', old)).resolves.toBe(true);
    await expect(current.verify('wrong password', old)).resolves.toBe(false);
    expect(current.needsRehash(old)).toBe(true);
    expect(current.needsRehash(await current.hash('analytical engine'))).toBe(false);
    // A hash stronger than configured (N lowered later, e.g. in tests) is left alone.
    expect(new ScryptPasswordHasher(2 ** 10).needsRehash(await current.hash('x'))).toBe(false);
  });

  it.each(['', 'bcrypt$2b$10$abc', 'scrypt$abc$8$1$c2FsdA$aGFzaA', 'scrypt$2097152$8$1$c2FsdA$aGFzaA', 'scrypt$1024$8$1$$'])(
    'refuses %j as a stored hash without throwing, and wants it replaced',
    async (stored) => {
      const hasher = new ScryptPasswordHasher(2 ** 10);
      await expect(hasher.verify('analytical engine', stored)).resolves.toBe(false);
      expect(hasher.needsRehash(stored)).toBe(true);
    },
  );
});
