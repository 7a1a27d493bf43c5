import { Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Test } from '@nestjs/testing';
import { Clock } from '../ports/clock';
import { FakeClock } from '../testing/fake-clock';
import { Janitor } from './janitor';

/** An owner port, abstract as repositories are: the janitor is injected it by its token. */
abstract class Rows {
  abstract deleteBefore(cutoff: Date, limit: number): number;
}

const DAY = 24 * 3600_000;

@Injectable()
class RowsJanitor extends Janitor({
  source: Rows,
  deleteBatch: async (rows, clock, batch) => rows.deleteBefore(new Date(clock.now().getTime() - DAY), batch),
  name: 'rows-janitor',
  what: 'old rows',
  logContext: 'Rows',
  batchSize: 2,
}) {}

describe('Janitor', () => {
  it('is a provider Nest builds from its source, the SchedulerRegistry and the Clock, and sweeps in batches through the source', async () => {
    const clock = new FakeClock('2026-11-28T10:00:00.000Z');
    const calls: Array<{ cutoff: string; limit: number }> = [];
    let left = 5;
    const rows: Rows = {
      deleteBefore: (cutoff, limit) => {
        calls.push({ cutoff: cutoff.toISOString(), limit });
        const deleted = Math.min(left, limit);
        left -= deleted;
        return deleted;
      },
    };
    const module = await Test.createTestingModule({
      providers: [RowsJanitor, SchedulerRegistry, { provide: Clock, useValue: clock }, { provide: Rows, useValue: rows }],
    }).compile();
    const janitor = module.get(RowsJanitor);
    expect(await janitor.sweep()).toBe(5);
    // Batches of the configured size until one deletes fewer; the cutoff read from the Clock.
    expect(calls).toEqual(Array.from({ length: 3 }, () => ({ cutoff: '2026-11-27T10:00:00.000Z', limit: 2 })));
    await module.init();
    expect(module.get(SchedulerRegistry).doesExist('interval', 'rows-janitor')).toBe(true);
    await module.close();
    expect(module.get(SchedulerRegistry).doesExist('interval', 'rows-janitor')).toBe(false);
  });
});
