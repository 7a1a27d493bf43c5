import { waitFor } from '../../../test/support/wait-for';
import { currentMode, runInMode, runInUnit, unitInProgress } from '../persistence/work-context';
import { FakeClock } from '../testing/fake-clock';
import { LeasedQueue, LeasedQueueWorker } from './leased-queue-worker';

const messages = { attemptNotRecorded: 'attempt not recorded', claimsFailing: 'claims failing' };
const eventually = (check: () => boolean, what: string) => waitFor(async () => check(), { what, timeoutMs: 2_000, intervalMs: 2 });

describe('LeasedQueueWorker', () => {
  it('leases with the clock, warns once per outage and summarises the repeats, and names a failed attempt by its ids alone', async () => {
    const clock = new FakeClock('2026-11-24T10:00:00.000Z');
    const warnings: Array<{ context: unknown; message: string }> = [];
    const leases: Array<[Date, Date, number]> = [];
    let outage = 3;
    let due = ['a', 'b'];
    const queue: LeasedQueue<string> = {
      async claimDue(now, leaseUntil, limit) {
        leases.push([now, leaseUntil, limit]);
        if (outage > 0) {
          outage -= 1;
          throw new Error('connection refused');
        }
        const claimed = due.slice(0, limit);
        due = due.slice(limit);
        return claimed;
      },
      async attempt(claim) {
        if (claim === 'b') throw new Error('the database went away');
      },
      describe: (claim) => ({ row_id: claim }),
    };
    const worker = new LeasedQueueWorker(
      queue,
      clock,
      { pollIntervalMs: 1, leaseMs: 30_000, batchSize: 1 },
      {
        warn: (context: unknown, message: string) => warnings.push({ context, message }),
      },
      messages,
    );
    worker.onApplicationBootstrap();
    try {
      await eventually(() => due.length === 0 && leases.length >= 6, 'the outage to pass and both rows to be attempted');
    } finally {
      await worker.onModuleDestroy();
    }
    expect(leases[0]).toEqual([clock.now(), new Date(clock.now().getTime() + 30_000), 1]);
    expect(warnings).toEqual([
      { context: { cause: 'connection refused' }, message: 'claims failing' },
      { context: { row_id: 'b', cause: 'the database went away' }, message: 'attempt not recorded' },
      // The failed polls after the first are said in one summary, at the latest when the worker stops.
      { context: { fault: 'claims failing', count: 2, window_s: 1 }, message: 'claims failing: 2 failed polls in the last 1 s' },
    ]);
  });

  it('runs a round that a nudge from inside some work wakes outside that work: no mode, no unit of work', async () => {
    const seen: Array<{ mode: string; unit: unknown }> = [];
    let due = 0;
    const queue: LeasedQueue<string> = {
      async claimDue() {
        seen.push({ mode: currentMode(), unit: unitInProgress() });
        if (due === 0) return [];
        due -= 1;
        return ['row'];
      },
      async attempt() {},
      describe: (claim) => ({ row_id: claim }),
    };
    const worker = new LeasedQueueWorker(
      queue,
      new FakeClock('2026-11-24T10:00:00.000Z'),
      // An idle poll far away: only the nudge can start the round looked at.
      { pollIntervalMs: 3_600_000, leaseMs: 30_000, batchSize: 1 },
      { warn: () => undefined },
      messages,
    );
    worker.onApplicationBootstrap();
    try {
      await eventually(() => seen.length === 1, 'the first round');
      // Other work stays open meanwhile (another request), so the storage stays in use.
      let finishOther = (): void => undefined;
      const other = runInMode('test', () => new Promise<void>((resolve) => (finishOther = resolve)));
      const transaction = { name: 'a request transaction' };
      await runInMode('test', () =>
        runInUnit(transaction, async () => {
          due = 1;
          worker.nudge();
        }),
      );
      await eventually(() => seen.length >= 3, 'the nudged round');
      finishOther();
      await other;
    } finally {
      await worker.onModuleDestroy();
    }
    expect(seen.slice(1)).toEqual(seen.slice(1).map(() => ({ mode: 'live', unit: undefined })));
  });
});
