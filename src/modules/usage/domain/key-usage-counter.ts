import type { Clock } from '../../../common/ports/clock';
import type { WarningLog } from '../../../common/ports/warning-log';
import { addCounts, type KeyDayUsage, noCounts, oldestKeptDay, type UsageCounts, usageClassOf, utcDay } from './key-usage';
import type { KeyUsageRepository } from './key-usage.repository';

/** Keys counted between two flushes at most; requests of further keys wait for the next flush's room. */
export const MAX_COUNTED_KEYS = 50_000;
/** Rows kept for a later flush at most, while the database refuses them; the oldest days go first. */
export const MAX_CARRIED_ROWS = 100_000;

/** The bounds above, smaller in specs. */
export interface KeyUsageLimits {
  maxCountedKeys: number;
  maxCarriedRows: number;
}

/** A read retries this often at most when a flush overlaps it, then answers what it has. */
const READ_ATTEMPTS = 3;

/**
 * Counts the requests of each key in memory and adds them to the stored counts in one
 * statement per flush, so a request costs no write: a Map lookup and an increment, and one
 * small object per key and day between two flushes.
 *
 * What a flush takes is removed from the counts before it writes; if the write fails it comes
 * back, to be added by the next flush (bounded by maxCarriedRows, then the oldest days are
 * dropped and said so). Counts not yet flushed are lost if the process dies.
 */
export class KeyUsageCounter {
  /** Each key's counts for the day of its latest request. */
  private current = new Map<string, KeyDayUsage>();
  /** Counts of earlier days (a key's day turned between two flushes) and of failed flushes. */
  private carried: KeyDayUsage[] = [];
  private flushing: Promise<void> | null = null;
  /** Flushes started, so that a read can tell one overlapped it. */
  private flushesStarted = 0;
  /** Requests not counted since the last warning (maxCountedKeys reached). */
  private uncounted = 0;

  constructor(
    private readonly repository: KeyUsageRepository,
    private readonly clock: Clock,
    private readonly log: WarningLog,
    private readonly limits: KeyUsageLimits = { maxCountedKeys: MAX_COUNTED_KEYS, maxCarriedRows: MAX_CARRIED_ROWS },
  ) {}

  /**
   * One request of the key, by its final status. The per-request path: the clock's time, a
   * lookup and an increment; an object only for a key's first request of a day since the last flush.
   */
  count(keyId: string, status: number): void {
    const usageClass = usageClassOf(status);
    if (usageClass === undefined) return;
    const day = utcDay(this.clock.now());
    let usage = this.current.get(keyId);
    if (usage === undefined || usage.day !== day) {
      if (usage !== undefined) this.carried.push(usage);
      else if (this.current.size >= this.limits.maxCountedKeys) {
        this.uncounted += 1;
        return;
      }
      usage = { keyId, day, counts: noCounts() };
      this.current.set(keyId, usage);
    }
    usage.counts[usageClass] += 1;
  }

  /**
   * Adds what was counted to the stored counts, after the flush under way (if any), so that
   * a final flush at shutdown leaves nothing behind. Never rejects: a failed write is warned
   * about and kept for the next flush.
   */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.flushing = this.write();
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }

  /**
   * The key's counts per day from `fromDay` to `toDay`: the stored ones plus this instance's
   * not yet flushed, each counted once. A flush moves counts from memory to the database, so
   * the read waits for one under way, and reads again if one began while it read the stored
   * rows (they may or may not hold what left memory); flushes being a minute apart, a second
   * attempt is the most it takes.
   */
  async read(keyId: string, fromDay: number, toDay: number): Promise<Map<number, UsageCounts>> {
    for (let attempt = 1; ; attempt += 1) {
      if (this.flushing) await this.flushing;
      const started = this.flushesStarted;
      const days = new Map<number, UsageCounts>();
      const add = (usage: KeyDayUsage) => {
        if (usage.keyId !== keyId || usage.day < fromDay || usage.day > toDay) return;
        const counts = days.get(usage.day);
        if (counts) addCounts(counts, usage.counts);
        else days.set(usage.day, addCounts(noCounts(), usage.counts));
      };
      const own = this.current.get(keyId);
      if (own) add(own);
      this.carried.forEach(add);
      (await this.repository.daysOf(keyId, fromDay, toDay)).forEach(add);
      // A flush that began meanwhile may have landed before or after the stored rows were read.
      if ((!this.flushing && this.flushesStarted === started) || attempt === READ_ATTEMPTS) return days;
    }
  }

  private async write(): Promise<void> {
    this.flushesStarted += 1;
    if (this.uncounted > 0) {
      this.log.warn(
        { requests: this.uncounted, keys: this.limits.maxCountedKeys },
        'key usage: requests of too many keys between two flushes went uncounted',
      );
      this.uncounted = 0;
    }
    const rows = merged([...this.current.values(), ...this.carried], oldestKeptDay(utcDay(this.clock.now())));
    this.current = new Map();
    this.carried = [];
    if (rows.length === 0) return;
    try {
      await this.repository.add(rows);
    } catch (error: unknown) {
      this.log.warn({ err: error, rows: rows.length }, 'key usage could not be saved; kept for the next flush');
      this.carried = this.bounded([...rows, ...this.carried]);
    }
  }

  /** At most maxCarriedRows, the newest days first; says what it drops. */
  private bounded(rows: KeyDayUsage[]): KeyDayUsage[] {
    const max = this.limits.maxCarriedRows;
    if (rows.length <= max) return rows;
    const kept = rows.sort((a, b) => b.day - a.day).slice(0, max);
    this.log.warn({ rows: rows.length - max }, 'key usage: counts of the oldest days dropped, the database refusing them');
    return kept;
  }
}

/** One row per key and day (what a single upsert requires), without days past the retention. */
function merged(rows: readonly KeyDayUsage[], oldestDay: number): KeyDayUsage[] {
  const byKeyAndDay = new Map<string, KeyDayUsage>();
  for (const row of rows) {
    if (row.day < oldestDay) continue;
    const id = `${row.keyId}/${row.day}`;
    const seen = byKeyAndDay.get(id);
    if (seen) addCounts(seen.counts, row.counts);
    else byKeyAndDay.set(id, { keyId: row.keyId, day: row.day, counts: { ...row.counts } });
  }
  return [...byKeyAndDay.values()];
}
