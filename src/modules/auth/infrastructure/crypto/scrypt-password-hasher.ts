import { randomBytes, scrypt, ScryptOptions, timingSafeEqual } from 'node:crypto';
import { PasswordHasher } from '../../domain/password-hasher';

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Current guidance (OWASP Password Storage Cheat Sheet): N = 2^17, r = 8, p = 1. */
export const SCRYPT_DEFAULT_COST = 17;
const R = 8;
const P = 1;
/** Stored hashes are trusted only up to this N (2^20: 1 GiB of memory per check). */
const MAX_N = 2 ** 20;

/**
 * scrypt needs 128·N·r bytes (N = 2^17, r = 8: 128 MiB); node:crypto refuses anything over
 * `maxmem` (32 MiB by default), so it is set from the parameters, with room to spare.
 */
const maxmemFor = (N: number, r: number) => 128 * N * r * 2;

/**
 * scrypt from node:crypto, salted per password. The parameters are stored with the
 * hash (`scrypt$N$r$p$salt$hash`), so old hashes still verify after N is raised, and are
 * re-hashed with today's N at the next successful sign-in (needsRehash).
 */
export class ScryptPasswordHasher extends PasswordHasher {
  /** `N` is the CPU/memory cost, a power of two: 2^SCRYPT_DEFAULT_COST unless configured (tests). */
  constructor(private readonly N = 2 ** SCRYPT_DEFAULT_COST) {
    super();
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scryptAsync(password, salt, 32, { N: this.N, r: R, p: P, maxmem: maxmemFor(this.N, R) });
    return ['scrypt', this.N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parsed = parse(stored);
    if (!parsed) return false;
    const { N, r, p, salt, expected } = parsed;
    const key = await scryptAsync(password, salt, expected.length, { N, r, p, maxmem: maxmemFor(N, r) });
    return timingSafeEqual(key, expected);
  }

  needsRehash(stored: string): boolean {
    const parsed = parse(stored);
    return !parsed || parsed.N < this.N || parsed.r !== R || parsed.p !== P;
  }
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, expected] = stored.split('$');
  const [N, R_, P_] = [Number(n), Number(r), Number(p)];
  const valid = (x: number) => Number.isInteger(x) && x > 0;
  if (scheme !== 'scrypt' || !salt || !expected || !valid(N) || !valid(R_) || !valid(P_) || N > MAX_N) return null;
  return { N, r: R_, p: P_, salt: Buffer.from(salt, 'base64url'), expected: Buffer.from(expected, 'base64url') };
}
