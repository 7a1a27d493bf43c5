import type { Clock } from '../../../common/ports/clock';
import { isUuid } from '../../../common/ports/id-generator';
import { KeyNotFound } from '../../keys/domain/keys.errors';
import type { KeysService } from '../../keys/domain/keys.service';
import { addCounts, isoDay, noCounts, oldestKeptDay, type UsageCounts, utcDay } from './key-usage';
import type { KeyUsageCounter } from './key-usage-counter';
import type { KeyUsageRepository } from './key-usage.repository';

/** Rows of expired days deleted per statement. */
export const USAGE_PURGE_BATCH = 1000;

/** A key's requests over the kept days. */
export interface KeyUsageReport {
  keyId: string;
  /** Every kept day, oldest first, today last, days without requests included. */
  days: Array<{ date: string; counts: UsageCounts }>;
  totals: UsageCounts;
  /** When this was read: this instance's counts are exact to it, the other instances' at most one flush older. */
  readAt: Date;
}

/** What the developer page shows of a key's usage, and the retention of the counts. */
export class KeyUsageService {
  constructor(
    private readonly keys: KeysService,
    private readonly counter: KeyUsageCounter,
    private readonly repository: KeyUsageRepository,
    private readonly clock: Clock,
  ) {}

  /** Another account's key is "not found", like an unknown one. */
  async usageOf(userId: string, keyId: string): Promise<KeyUsageReport> {
    if (!isUuid(keyId) || !(await this.keys.list(userId)).some((key) => key.id === keyId)) throw new KeyNotFound();
    const readAt = this.clock.now();
    const today = utcDay(readAt);
    const counted = await this.counter.read(keyId, oldestKeptDay(today), today);
    const totals = noCounts();
    const days: KeyUsageReport['days'] = [];
    for (let day = oldestKeptDay(today); day <= today; day += 1) {
      const counts = counted.get(day) ?? noCounts();
      addCounts(totals, counts);
      days.push({ date: isoDay(day), counts });
    }
    return { keyId, days, totals, readAt };
  }

  /** Deletes a batch of rows of days no longer shown; answers how many went. */
  purgeExpired(): Promise<number> {
    return this.repository.deleteBefore(oldestKeptDay(utcDay(this.clock.now())), USAGE_PURGE_BATCH);
  }
}
