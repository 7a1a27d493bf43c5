import { randomBytes, scrypt, ScryptOptions, timingSafeEqual } from 'node:crypto';

/** Port: one-way password hashing. */
export abstract class PasswordHasher {
  abstract hash(password: string): Promise<string>;
  abstract verify(password: string, stored: string): Promise<boolean>;
}

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * scrypt from node:crypto, salted per password. The parameters are stored with the
 * hash (`scrypt$N$r$p$salt$hash`), so they can be raised later without breaking old hashes.
 */
export class ScryptPasswordHasher extends PasswordHasher {
  constructor(private readonly cost = 2 ** 15) {
    super();
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const N = this.cost;
    const key = await scryptAsync(password, salt, 32, { N, r: 8, p: 1, maxmem: 128 * N * 8 * 2 });
    return ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, expected] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !expected) return false;
    const N = Number(n);
    const wanted = Buffer.from(expected, 'base64url');
    const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), wanted.length, {
      N,
      r: Number(r),
      p: Number(p),
      maxmem: 128 * N * Number(r) * 2,
    });
    return timingSafeEqual(key, wanted);
  }
}
