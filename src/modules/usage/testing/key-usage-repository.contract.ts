import { type KeyDayUsage, type UsageCounts } from '../domain/key-usage';
import type { KeyUsageRepository } from '../domain/key-usage.repository';

export interface KeyUsageStorage {
  usage: KeyUsageRepository;
  /** A key that usage may point at (a real api_keys row where the foreign key demands one); returns its id. */
  newKey(): Promise<string>;
  /** Deletes the key, as revoked keys beyond the kept ones are deleted. */
  deleteKey(keyId: string): Promise<void>;
}

/** Days in 1970, far from any real request's day, so the deletes below touch only this contract's rows. */
const DAY = 20;
const counts = (ok: number, clientError = 0, rateLimited = 0, serverError = 0): UsageCounts => ({
  '2xx': ok,
  '4xx': clientError,
  '429': rateLimited,
  '5xx': serverError,
});
const row = (keyId: string, day: number, usage: UsageCounts): KeyDayUsage => ({ keyId, day, counts: usage });

/** What every KeyUsageRepository must do; run against the in-memory and the TypeORM adapter. */
export function describeKeyUsageRepositoryContract(adapter: string, make: () => Promise<KeyUsageStorage>): void {
  describe(`KeyUsageRepository contract (${adapter})`, () => {
    let s: KeyUsageStorage;
    beforeEach(async () => {
      s = await make();
    });

    it("adds counts to the stored ones, per key and day, and reads a key's days oldest first within the range", async () => {
      const [key, other] = [await s.newKey(), await s.newKey()];
      await s.usage.add([row(key, DAY + 1, counts(1, 2, 3, 4)), row(key, DAY, counts(5)), row(other, DAY, counts(7))]);
      await s.usage.add([row(key, DAY + 1, counts(10, 20, 30, 40)), row(key, DAY + 3, counts(0, 1))]);
      expect(await s.usage.daysOf(key, DAY, DAY + 2)).toEqual([row(key, DAY, counts(5)), row(key, DAY + 1, counts(11, 22, 33, 44))]);
      expect(await s.usage.daysOf(key, DAY + 3, DAY + 3)).toEqual([row(key, DAY + 3, counts(0, 1))]);
      expect(await s.usage.daysOf(other, DAY, DAY + 3)).toEqual([row(other, DAY, counts(7))]);
      expect(await s.usage.daysOf(key, DAY - 5, DAY - 1)).toEqual([]);
    });

    it('keeps counts beyond 32 bits exact', async () => {
      const key = await s.newKey();
      await s.usage.add([row(key, DAY, counts(2 ** 31 - 1))]);
      await s.usage.add([row(key, DAY, counts(2 ** 31 - 1))]);
      expect(await s.usage.daysOf(key, DAY, DAY)).toEqual([row(key, DAY, counts(2 ** 32 - 2))]);
    });

    it('adds concurrent additions to the same rows, losing none', async () => {
      const [key, other] = [await s.newKey(), await s.newKey()];
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          // Each in its own order, as two instances' flushes might come.
          s.usage.add(
            i % 2 ? [row(key, DAY, counts(1)), row(other, DAY, counts(1))] : [row(other, DAY, counts(1)), row(key, DAY, counts(1))],
          ),
        ),
      );
      expect(await s.usage.daysOf(key, DAY, DAY)).toEqual([row(key, DAY, counts(8))]);
      expect(await s.usage.daysOf(other, DAY, DAY)).toEqual([row(other, DAY, counts(8))]);
    });

    it("drops the rows of a deleted key and keeps the others; the key's rows go with it", async () => {
      const [gone, kept] = [await s.newKey(), await s.newKey()];
      await s.usage.add([row(gone, DAY, counts(1))]);
      await s.deleteKey(gone);
      await s.usage.add([row(gone, DAY, counts(1)), row(kept, DAY, counts(2))]);
      expect(await s.usage.daysOf(gone, DAY, DAY)).toEqual([]);
      expect(await s.usage.daysOf(kept, DAY, DAY)).toEqual([row(kept, DAY, counts(2))]);
    });

    it('deletes days before the given one only, at most `limit` at a time', async () => {
      const key = await s.newKey();
      await s.usage.add([row(key, DAY - 2, counts(1)), row(key, DAY - 1, counts(1)), row(key, DAY, counts(1))]);
      expect(await s.usage.deleteBefore(DAY, 1)).toBe(1);
      while ((await s.usage.deleteBefore(DAY, 100)) > 0);
      expect(await s.usage.daysOf(key, 0, DAY)).toEqual([row(key, DAY, counts(1))]);
    });
  });
}
