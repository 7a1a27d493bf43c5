import { waitFor } from '../../../test/support/wait-for';
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
});
