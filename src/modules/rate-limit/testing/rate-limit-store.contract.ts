import { randomBytes } from 'node:crypto';
import { RateLimitStore } from '../domain/rate-limit-store';

/**
 * What every RateLimitStore must do, independent of time passing: run against the memory
 * store here and against Redis in test/rate-limit-redis-store.e2e-spec.ts.
 */
export function describeRateLimitStoreContract(name: string, make: () => RateLimitStore | Promise<RateLimitStore>): void {
  describe(`${name} (RateLimitStore contract)`, () => {
    let store: RateLimitStore;
    const fresh = () => `contract:${randomBytes(6).toString('hex')}`;

    beforeEach(async () => {
      store = await make();
    });

    it('admits exactly `limit` requests, counting down what remains, and refuses the next', async () => {
      const key = fresh();
      const remaining: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const decision = await store.hit(key, 5, 60_000);
        expect(decision.allowed).toBe(true);
        expect(decision.resetSeconds).toBeGreaterThanOrEqual(59);
        expect(decision.resetSeconds).toBeLessThanOrEqual(60);
        remaining.push(decision.remaining);
      }
      expect(remaining).toEqual([4, 3, 2, 1, 0]);
      const refused = await store.hit(key, 5, 60_000);
      expect(refused).toMatchObject({ allowed: false, remaining: 0 });
      expect(refused.resetSeconds).toBeGreaterThanOrEqual(59);
      expect(refused.resetSeconds).toBeLessThanOrEqual(60);
    });

    it('does not count refused requests', async () => {
      const key = fresh();
      await store.hit(key, 2, 60_000);
      await store.hit(key, 2, 60_000);
      for (let i = 0; i < 10; i += 1) expect((await store.hit(key, 2, 60_000)).allowed).toBe(false);
      // A larger limit for the same key sees only the two admitted requests.
      expect(await store.hit(key, 3, 60_000)).toMatchObject({ allowed: true, remaining: 0 });
    });

    it('keeps keys apart', async () => {
      const a = fresh();
      const b = fresh();
      expect((await store.hit(a, 1, 60_000)).allowed).toBe(true);
      expect((await store.hit(a, 1, 60_000)).allowed).toBe(false);
      expect(await store.hit(b, 1, 60_000)).toMatchObject({ allowed: true, remaining: 0 });
    });

    it('rounds a short window up to whole seconds, at least 1', async () => {
      const key = fresh();
      expect(await store.hit(key, 1, 250)).toMatchObject({ allowed: true, resetSeconds: 1 });
      expect(await store.hit(key, 1, 250)).toMatchObject({ allowed: false, resetSeconds: 1 });
    });

    it('uses the request that must leave for one more to fit when the limit was lowered', async () => {
      const key = fresh();
      for (let i = 0; i < 4; i += 1) await store.hit(key, 4, 60_000);
      expect(await store.hit(key, 2, 60_000)).toMatchObject({ allowed: false, remaining: 0 });
    });
  });
}
