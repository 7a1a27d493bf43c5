import { FakeClock } from '../../../common/testing/fake-clock';
import { KeyNotFound } from '../../keys/domain/keys.errors';
import { keysServiceFor } from '../../keys/testing/keys-fixture';
import { InMemoryApiKeyRepository } from '../../keys/infrastructure/in-memory/in-memory-api-key.repository';
import { InMemoryKeyUsageRepository } from '../infrastructure/in-memory/in-memory-key-usage.repository';
import { noCounts, utcDay } from './key-usage';
import { KeyUsageCounter } from './key-usage-counter';
import { KeyUsageService } from './key-usage.service';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('KeyUsageService', () => {
  const setUp = async () => {
    const clock = new FakeClock('2026-11-26T10:00:00.000Z');
    const keys = keysServiceFor(new InMemoryApiKeyRepository(), clock);
    const repository = new InMemoryKeyUsageRepository();
    const counter = new KeyUsageCounter(repository, clock, { warn: () => undefined });
    const usage = new KeyUsageService(keys, counter, repository, clock);
    const { key } = await keys.create('owner', 'mine');
    return { clock, keys, repository, counter, usage, keyId: key.id };
  };

  it('answers the last 30 UTC days oldest first, today last, zeros included, with their totals', async () => {
    const { clock, counter, usage, keyId } = await setUp();
    counter.count(keyId, 200);
    clock.advance(-29 * DAY_MS);
    counter.count(keyId, 429);
    clock.advance(-DAY_MS);
    counter.count(keyId, 500); // a day before the 30 shown
    await counter.flush();
    clock.set('2026-11-26T10:00:00.000Z');
    counter.count(keyId, 404);

    const report = await usage.usageOf('owner', keyId);
    expect(report.keyId).toBe(keyId);
    expect(report.readAt).toEqual(clock.now());
    expect(report.days).toHaveLength(30);
    expect(report.days[0]).toEqual({ date: '2026-10-28', counts: { ...noCounts(), '429': 1 } });
    expect(report.days[29]).toEqual({ date: '2026-11-26', counts: { ...noCounts(), '2xx': 1, '4xx': 1 } });
    expect(
      report.days.slice(1, 29).every((day) => day.counts['2xx'] + day.counts['4xx'] + day.counts['429'] + day.counts['5xx'] === 0),
    ).toBe(true);
    expect(report.totals).toEqual({ '2xx': 1, '4xx': 1, '429': 1, '5xx': 0 });
  });

  it("treats another account's key, an unknown key and a malformed id alike: not found", async () => {
    const { keys, usage, keyId } = await setUp();
    const theirs = (await keys.create('someone else', 'theirs')).key.id;
    await expect(usage.usageOf('owner', theirs)).rejects.toThrow(KeyNotFound);
    await expect(usage.usageOf('owner', '00000000-0000-4000-8000-000000000000')).rejects.toThrow(KeyNotFound);
    await expect(usage.usageOf('owner', 'not-an-id')).rejects.toThrow(KeyNotFound);
    await expect(usage.usageOf('owner', keyId)).resolves.toMatchObject({ keyId });
  });

  it('purges the days no longer shown and keeps the rest', async () => {
    const { clock, repository, usage, keyId } = await setUp();
    const today = utcDay(clock.now());
    await repository.add([29, 30, 31].map((ago) => ({ keyId, day: today - ago, counts: noCounts() })));
    expect(await usage.purgeExpired()).toBe(2);
    expect((await repository.daysOf(keyId, 0, today)).map((row) => today - row.day)).toEqual([29]);
  });
});
