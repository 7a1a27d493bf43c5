import { BoundedProbe } from './bounded-probe';

/** A query the test answers by hand. */
function heldQuery() {
  const calls: Array<{ resolve: (value: number) => void; reject: (error: Error) => void }> = [];
  const query = () => new Promise<number>((resolve, reject) => calls.push({ resolve, reject }));
  return { calls, query };
}

function recordingLog() {
  const lines: string[] = [];
  return { lines, log: { warn: (m: string) => lines.push(`warn ${m}`), log: (m: string) => lines.push(`log ${m}`) } };
}

describe('BoundedProbe', () => {
  it('shares one running read between callers, and reads afresh once it has answered', async () => {
    const { calls, query } = heldQuery();
    const probe = new BoundedProbe('the queue', query, 60_000, recordingLog().log);
    const first = probe.read();
    const second = probe.read();
    expect(calls).toHaveLength(1);
    calls[0].resolve(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    const third = probe.read();
    expect(calls).toHaveLength(2);
    calls[1].resolve(8);
    expect(await third).toBe(8);
  });

  it('answers undefined past its bound, keeps sharing the stalled read, and logs the failure once and the recovery once', async () => {
    jest.useFakeTimers();
    try {
      const { calls, query } = heldQuery();
      const { lines, log } = recordingLog();
      const probe = new BoundedProbe('the queue', query, 1_000, log);
      const stalled = probe.read();
      await jest.advanceTimersByTimeAsync(1_000);
      expect(await stalled).toBeUndefined();
      const again = probe.read();
      await jest.advanceTimersByTimeAsync(1_000);
      expect(await again).toBeUndefined();
      expect(calls).toHaveLength(1);
      expect(lines).toEqual(['warn the queue did not answer within 1000 ms; its series are left out of the scrape until it answers']);
      calls[0].resolve(1);
      await jest.advanceTimersByTimeAsync(0);
      const fresh = probe.read();
      calls[1].resolve(2);
      expect(await fresh).toBe(2);
      expect(lines).toEqual([expect.stringMatching(/^warn /), 'log the queue answers again']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('answers undefined when the read fails', async () => {
    const { calls, query } = heldQuery();
    const { lines, log } = recordingLog();
    const probe = new BoundedProbe('the queue', query, 60_000, log);
    const failed = probe.read();
    calls[0].reject(new Error('connection refused'));
    expect(await failed).toBeUndefined();
    expect(lines).toEqual(['warn the queue failed: connection refused; its series are left out of the scrape until it answers']);
  });
});
