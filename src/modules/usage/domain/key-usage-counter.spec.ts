import { FakeClock } from '../../../common/testing/fake-clock';
import { InMemoryKeyUsageRepository } from '../infrastructure/in-memory/in-memory-key-usage.repository';
import { type KeyDayUsage, type UsageCounts, utcDay } from './key-usage';
import { KeyUsageCounter, type KeyUsageLimits } from './key-usage-counter';

const T0 = '2026-11-26T23:59:00.000Z';
const TODAY = utcDay(new Date(T0));
const counts = (ok: number, clientError = 0, rateLimited = 0, serverError = 0): UsageCounts => ({
  '2xx': ok,
  '4xx': clientError,
  '429': rateLimited,
  '5xx': serverError,
});

/** A repository whose additions can be held back or refused, to catch a flush in the middle. */
class ControlledRepository extends InMemoryKeyUsageRepository {
  readonly added: KeyDayUsage[][] = [];
  failing = false;
  private held: Promise<void> | null = null;
  private release: () => void = () => undefined;

  hold(): void {
    this.held = new Promise((resolve) => (this.release = resolve));
  }

  letGo(): void {
    this.held = null;
    this.release();
  }

  /** Runs once, at the start of the next read of stored rows. */
  duringRead: (() => Promise<void>) | null = null;
  reads = 0;

  override async daysOf(keyId: string, fromDay: number, toDay: number): Promise<KeyDayUsage[]> {
    this.reads += 1;
    const during = this.duringRead;
    this.duringRead = null;
    await during?.();
    return super.daysOf(keyId, fromDay, toDay);
  }

  override async add(rows: readonly KeyDayUsage[]): Promise<void> {
    this.added.push(rows.map((row) => ({ ...row, counts: { ...row.counts } })));
    if (this.held) await this.held;
    if (this.failing) throw new Error('database away');
    await super.add(rows);
  }
}

describe('KeyUsageCounter', () => {
  let clock: FakeClock;
  let repository: ControlledRepository;
  let warnings: string[];
  const counterWith = (limits?: KeyUsageLimits) =>
    new KeyUsageCounter(repository, clock, { warn: (_context, message) => warnings.push(message) }, limits);

  beforeEach(() => {
    clock = new FakeClock(T0);
    repository = new ControlledRepository();
    warnings = [];
  });

  const send = (counter: KeyUsageCounter, keyId: string, ...statuses: number[]) =>
    statuses.forEach((status) => counter.count(keyId, status));

  it('counts each final status in its class (429 apart from the other 4xx) and leaves 1xx and 3xx out', async () => {
    const counter = counterWith();
    send(counter, 'k', 200, 204, 400, 401, 403, 404, 422, 429, 429, 500, 503, 101, 304);
    expect(await counter.read('k', TODAY, TODAY)).toEqual(new Map([[TODAY, counts(2, 5, 2, 2)]]));
  });

  it('adds everything counted in one write per flush, and writes nothing when nothing was counted', async () => {
    const counter = counterWith();
    send(counter, 'a', 200, 200, 500);
    send(counter, 'b', 429);
    await counter.flush();
    await counter.flush();
    expect(repository.added).toEqual([
      [
        { keyId: 'a', day: TODAY, counts: counts(2, 0, 0, 1) },
        { keyId: 'b', day: TODAY, counts: counts(0, 0, 1) },
      ],
    ]);
    send(counter, 'a', 200);
    await counter.flush();
    expect(await repository.daysOf('a', TODAY, TODAY)).toEqual([{ keyId: 'a', day: TODAY, counts: counts(3, 0, 0, 1) }]);
  });

  it('counts each request on its own UTC day when the day turns between two flushes', async () => {
    const counter = counterWith();
    send(counter, 'k', 200);
    clock.advance(60_000);
    send(counter, 'k', 200, 404);
    clock.advance(-60_000);
    send(counter, 'k', 500);
    await counter.flush();
    expect(repository.added).toHaveLength(1);
    expect(await repository.daysOf('k', TODAY, TODAY + 1)).toEqual([
      { keyId: 'k', day: TODAY, counts: counts(1, 0, 0, 1) },
      { keyId: 'k', day: TODAY + 1, counts: counts(1, 1) },
    ]);
  });

  it('keeps what a failed flush took for the next one, which adds it once, and warns', async () => {
    const counter = counterWith();
    send(counter, 'k', 200, 200);
    repository.failing = true;
    await counter.flush();
    expect(warnings).toEqual(['key usage could not be saved; kept for the next flush']);
    expect(await counter.read('k', TODAY, TODAY)).toEqual(new Map([[TODAY, counts(2)]]));
    send(counter, 'k', 200);
    repository.failing = false;
    await counter.flush();
    expect(repository.added.at(-1)).toEqual([{ keyId: 'k', day: TODAY, counts: counts(3) }]);
    expect(await repository.daysOf('k', TODAY, TODAY)).toEqual([{ keyId: 'k', day: TODAY, counts: counts(3) }]);
  });

  it('counts a request once in a read that a flush overlaps, and counts what arrives during the flush', async () => {
    const counter = counterWith();
    send(counter, 'k', 200, 200);
    repository.hold();
    const flushing = counter.flush();
    send(counter, 'k', 404);
    const reading = counter.read('k', TODAY, TODAY);
    repository.letGo();
    await flushing;
    expect(await reading).toEqual(new Map([[TODAY, counts(2, 1)]]));
    expect(await counter.read('k', TODAY, TODAY)).toEqual(new Map([[TODAY, counts(2, 1)]]));
  });

  it('reads again when a flush lands between its look at memory and its read of the stored rows (which then hold the same counts)', async () => {
    const counter = counterWith();
    send(counter, 'k', 200);
    await counter.flush();
    send(counter, 'k', 500);
    repository.duringRead = () => counter.flush();
    expect(await counter.read('k', TODAY, TODAY)).toEqual(new Map([[TODAY, counts(1, 0, 0, 1)]]));
    expect(repository.reads).toBe(2);
  });

  it('runs a flush asked for during another after it, so a final flush leaves nothing behind', async () => {
    const counter = counterWith();
    send(counter, 'k', 200);
    repository.hold();
    const first = counter.flush();
    send(counter, 'k', 200);
    const last = counter.flush();
    repository.letGo();
    await Promise.all([first, last]);
    expect(repository.added).toEqual([[{ keyId: 'k', day: TODAY, counts: counts(1) }], [{ keyId: 'k', day: TODAY, counts: counts(1) }]]);
    expect(await repository.daysOf('k', TODAY, TODAY)).toEqual([{ keyId: 'k', day: TODAY, counts: counts(2) }]);
  });

  it('bounds its memory: keys beyond the limit wait for the next flush, and failed days beyond it are dropped oldest first', async () => {
    const counter = counterWith({ maxCountedKeys: 2, maxCarriedRows: 2 });
    send(counter, 'a', 200);
    send(counter, 'b', 200);
    send(counter, 'c', 200, 200);
    repository.failing = true;
    await counter.flush();
    expect(warnings).toEqual([
      'key usage: requests of too many keys between two flushes went uncounted',
      'key usage could not be saved; kept for the next flush',
    ]);
    clock.advance(60_000);
    send(counter, 'c', 200);
    await counter.flush();
    expect(warnings.at(-1)).toBe('key usage: counts of the oldest days dropped, the database refusing them');
    repository.failing = false;
    await counter.flush();
    const stored = async (keyId: string) => repository.daysOf(keyId, TODAY, TODAY + 1);
    expect((await stored('c')).map((row) => row.day)).toEqual([TODAY + 1]);
    expect([...(await stored('a')), ...(await stored('b'))]).toHaveLength(1);
  });

  it('flushes no day past the retention', async () => {
    const counter = counterWith();
    send(counter, 'k', 200);
    repository.failing = true;
    await counter.flush();
    clock.advance(30 * 24 * 60 * 60 * 1000);
    repository.failing = false;
    await counter.flush();
    expect(await repository.daysOf('k', 0, TODAY + 30)).toEqual([]);
  });
});
