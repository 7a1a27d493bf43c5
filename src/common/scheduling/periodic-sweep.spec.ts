import { PeriodicSweep, SweepLog } from './periodic-sweep';

function recordingLog() {
  const lines: Array<[string, object, string]> = [];
  const log: SweepLog = {
    log: (context, message) => lines.push(['log', context, message]),
    warn: (context, message) => lines.push(['warn', context, message]),
  };
  return { lines, log };
}

describe('PeriodicSweep', () => {
  const options = { intervalMs: 60_000, batchSize: 3, maxBatches: 5, what: 'old rows' };

  it('deletes batch after batch until one is not full, and says how many went', async () => {
    const batches = [3, 3, 1, 3];
    const { lines, log } = recordingLog();
    const sweep = new PeriodicSweep(async () => batches.shift() ?? 0, options, log);
    expect(await sweep.sweep()).toBe(7);
    expect(batches).toEqual([3]);
    expect(lines).toEqual([['log', { deleted: 7 }, 'old rows deleted']]);
  });

  it('stops after maxBatches, leaving the rest to the next sweep', async () => {
    let calls = 0;
    const sweep = new PeriodicSweep(async () => ((calls += 1), 3), options, recordingLog().log);
    expect(await sweep.sweep()).toBe(15);
    expect(calls).toBe(5);
  });

  it('logs nothing when nothing was due, and a failure as a warning without throwing', async () => {
    const quiet = recordingLog();
    expect(await new PeriodicSweep(async () => 0, options, quiet.log).sweep()).toBe(0);
    expect(quiet.lines).toEqual([]);
    const failing = recordingLog();
    expect(await new PeriodicSweep(() => Promise.reject(new Error('database away')), options, failing.log).sweep()).toBe(0);
    expect(failing.lines).toEqual([['warn', { cause: 'database away' }, 'old rows could not be deleted']]);
  });

  it('does not start another batch once stopped', async () => {
    let calls = 0;
    const sweep: PeriodicSweep = new PeriodicSweep(
      async () => {
        calls += 1;
        sweep.stop();
        return 3;
      },
      options,
      recordingLog().log,
    );
    expect(await sweep.sweep()).toBe(3);
    expect(calls).toBe(1);
  });
});
