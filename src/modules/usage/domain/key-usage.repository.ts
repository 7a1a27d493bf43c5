import type { KeyDayUsage } from './key-usage';

/** Port: where the counted requests of keys are kept, one row per key and UTC day. */
export abstract class KeyUsageRepository {
  /**
   * Adds these counts to the stored ones, all in one step (it lands whole or not at all).
   * Rows of a key that no longer exists are dropped, so a deleted key never fails the others.
   * No two rows name the same key and day.
   */
  abstract add(rows: readonly KeyDayUsage[]): Promise<void>;
  /** The stored days of one key from `fromDay` to `toDay` (both included), oldest first; days without requests are absent. */
  abstract daysOf(keyId: string, fromDay: number, toDay: number): Promise<KeyDayUsage[]>;
  /** Deletes at most `limit` rows of days before `day`; returns how many went. */
  abstract deleteBefore(day: number, limit: number): Promise<number>;
}
