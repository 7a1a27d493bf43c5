import { randomBytes } from 'node:crypto';
import type { ThrottlerStorage } from '@nestjs/throttler';

/**
 * What @nestjs/throttler's guard needs from SlidingWindowThrottlerStorage, whichever RateLimitStore
 * it wraps: run over the memory store in its spec, and over Redis in
 * test/rate-limit-redis.e2e-spec.ts. `ttl` goes in as milliseconds; times come back in seconds.
 */
export function describeThrottlerStorageContract(name: string, make: () => ThrottlerStorage | Promise<ThrottlerStorage>): void {
  describe(`${name} (ThrottlerStorage contract)`, () => {
    let storage: ThrottlerStorage;
    const fresh = () => `contract:${randomBytes(6).toString('hex')}`;

    beforeEach(async () => {
      storage = await make();
    });

    it('counts hits up to the limit, then blocks for exactly as long as the window needs to free a slot', async () => {
      const key = fresh();
      const totals: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const record = await storage.increment(key, 60_000, 3, 60_000, 'default');
        expect(record).toMatchObject({ isBlocked: false, timeToBlockExpire: 0 });
        expect(record.timeToExpire).toBeGreaterThanOrEqual(59);
        expect(record.timeToExpire).toBeLessThanOrEqual(60);
        totals.push(record.totalHits);
      }
      expect(totals).toEqual([1, 2, 3]);
      const refused = await storage.increment(key, 60_000, 3, 60_000, 'default');
      expect(refused).toMatchObject({ isBlocked: true, totalHits: 4 });
      expect(refused.timeToBlockExpire).toBeGreaterThanOrEqual(59);
      expect(refused.timeToBlockExpire).toBeLessThanOrEqual(60);
      expect(refused.timeToExpire).toBe(refused.timeToBlockExpire);
    });

    it('does not record refused hits', async () => {
      const key = fresh();
      await storage.increment(key, 60_000, 1, 60_000, 'default');
      for (let i = 0; i < 5; i += 1) expect((await storage.increment(key, 60_000, 1, 60_000, 'default')).isBlocked).toBe(true);
      // A larger limit on the same key sees the one admitted hit only.
      expect(await storage.increment(key, 60_000, 3, 60_000, 'default')).toMatchObject({ isBlocked: false, totalHits: 2 });
    });

    it('takes ttl in milliseconds and answers whole seconds, at least 1', async () => {
      const key = fresh();
      expect(await storage.increment(key, 1_500, 1, 1_500, 'short')).toMatchObject({ isBlocked: false, timeToExpire: 2 });
      expect(await storage.increment(key, 1_500, 1, 1_500, 'short')).toMatchObject({ isBlocked: true, timeToBlockExpire: 2 });
      const brief = fresh();
      expect(await storage.increment(brief, 200, 1, 200, 'short')).toMatchObject({ timeToExpire: 1 });
    });

    it('keeps keys apart', async () => {
      const [a, b] = [fresh(), fresh()];
      await storage.increment(a, 60_000, 1, 60_000, 'default');
      expect((await storage.increment(a, 60_000, 1, 60_000, 'default')).isBlocked).toBe(true);
      expect(await storage.increment(b, 60_000, 1, 60_000, 'default')).toMatchObject({ isBlocked: false, totalHits: 1 });
    });
  });
}
