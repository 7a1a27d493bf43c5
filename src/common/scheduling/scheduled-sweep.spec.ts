import { SchedulerRegistry } from '@nestjs/schedule';
import { FakeClock } from '../testing/fake-clock';
import { ScheduledSweep, SweepLog } from './scheduled-sweep';

function recordingLog() {
  const lines: Array<[string, object, string]> = [];
  const log: SweepLog = {
    log: (context, message) => lines.push(['log', context, message]),
    warn: (context, message) => lines.push(['warn', context, message]),
  };
  return { lines, log };
}

describe('ScheduledSweep', () => {
  const options = { name: 'old-rows-sweep', intervalMs: 60_000, batchSize: 3, maxBatches: 5, what: 'old rows' };
  const sweepOf = (deleteBatch: () => Promise<number>, log: SweepLog = recordingLog().log, scheduler = new SchedulerRegistry()) =>
    new ScheduledSweep(scheduler, deleteBatch, options, log, new FakeClock('2026-11-28T10:00:00.000Z'));

  it('deletes batch after batch until one is not full, and says how many went', async () => {
    const batches = [3, 3, 1, 3];
    const { lines, log } = recordingLog();
    expect(await sweepOf(async () => batches.shift() ?? 0, log).sweep()).toBe(7);
    expect(batches).toEqual([3]);
    expect(lines).toEqual([['log', { deleted: 7 }, 'old rows deleted']]);
  });

  it('stops after maxBatches, leaving the rest to the next sweep', async () => {
    let calls = 0;
    expect(await sweepOf(async () => ((calls += 1), 3)).sweep()).toBe(15);
    expect(calls).toBe(5);
  });

  it('logs nothing when nothing was due, and a failure as a warning without throwing', async () => {
    const quiet = recordingLog();
    expect(await sweepOf(async () => 0, quiet.log).sweep()).toBe(0);
    expect(quiet.lines).toEqual([]);
    const failing = recordingLog();
    expect(await sweepOf(() => Promise.reject(new Error('database away')), failing.log).sweep()).toBe(0);
    expect(failing.lines).toEqual([['warn', { cause: 'database away' }, 'old rows could not be deleted']]);
  });

  it('does not start another batch once the module is being destroyed', async () => {
    let calls = 0;
    const sweep: ScheduledSweep = sweepOf(async () => {
      calls += 1;
      sweep.onModuleDestroy();
      return 3;
    });
    expect(await sweep.sweep()).toBe(3);
    expect(calls).toBe(1);
  });

  it("registers an unref'd interval under its name once booted, and removes it when destroyed", () => {
    const scheduler = new SchedulerRegistry();
    const sweep = sweepOf(async () => 0, recordingLog().log, scheduler);
    sweep.onApplicationBootstrap();
    try {
      expect(scheduler.getIntervals()).toEqual(['old-rows-sweep']);
      expect(scheduler.getInterval<NodeJS.Timeout>('old-rows-sweep').hasRef()).toBe(false);
    } finally {
      sweep.onModuleDestroy();
    }
    expect(scheduler.getIntervals()).toEqual([]);
    // Nest's own clean-up after it finds nothing left, and a second destroy does not throw.
    expect(() => sweep.onModuleDestroy()).not.toThrow();
  });
});
