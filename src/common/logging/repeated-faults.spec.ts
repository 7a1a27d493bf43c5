import { FakeClock } from '../testing/fake-clock';
import { RepeatedFaults, summarisingWarnings } from './repeated-faults';

function recording() {
  const clock = new FakeClock('2026-11-28T10:00:00.000Z');
  const lines: Array<{ context: object; message: string }> = [];
  const faults = new RepeatedFaults(clock, { warn: (context, message) => lines.push({ context, message }) });
  return { clock, lines, faults };
}

describe('RepeatedFaults', () => {
  afterEach(() => jest.useRealTimers());

  it('logs the first occurrence of a kind, then one summary per 10 s with the count, whatever the rate', () => {
    const { clock, lines, faults } = recording();
    // A 15-second outage at 100 failures a second: one line, one summary at 10 s, one at 20 s.
    for (let ms = 0; ms < 15_000; ms += 10) {
      faults.warn('database unavailable', 'requests answered 503', { cause: 'ECONNREFUSED' }, 'database unavailable');
      clock.advance(10);
    }
    clock.advance(5_000);
    faults.flush();
    expect(lines).toEqual([
      { context: { cause: 'ECONNREFUSED' }, message: 'database unavailable' },
      {
        context: { fault: 'database unavailable', count: 999, window_s: 10 },
        message: 'database unavailable: 999 requests answered 503 in the last 10 s',
      },
      {
        context: { fault: 'database unavailable', count: 500, window_s: 10 },
        message: 'database unavailable: 500 requests answered 503 in the last 10 s',
      },
    ]);
  });

  it('writes the counts with thousands separators', () => {
    const { clock, lines, faults } = recording();
    for (let i = 0; i < 1_235; i += 1) faults.occurred('database unavailable', 'requests answered 503');
    clock.advance(10_000);
    faults.flush();
    expect(lines.map((line) => line.message)).toEqual(['database unavailable: 1,234 requests answered 503 in the last 10 s']);
  });

  it('counts each kind apart', () => {
    const { clock, lines, faults } = recording();
    expect(faults.occurred('database unavailable (unreachable)', 'requests answered 503')).toBe(true);
    expect(faults.occurred('queued mail could not be claimed', 'failed polls')).toBe(true);
    expect(faults.occurred('database unavailable (unreachable)', 'requests answered 503')).toBe(false);
    expect(faults.occurred('queued mail could not be claimed', 'failed polls')).toBe(false);
    expect(faults.occurred('queued mail could not be claimed', 'failed polls')).toBe(false);
    clock.advance(10_000);
    faults.flush();
    expect(lines.map((line) => line.message)).toEqual([
      'database unavailable (unreachable): 1 requests answered 503 in the last 10 s',
      'queued mail could not be claimed: 2 failed polls in the last 10 s',
    ]);
  });

  it('writes no summary before the window is over, and none for a window with nothing counted', () => {
    const { clock, lines, faults } = recording();
    expect(faults.occurred('database unavailable', 'requests answered 503')).toBe(true);
    clock.advance(9_999);
    expect(faults.occurred('database unavailable', 'requests answered 503')).toBe(false);
    faults.flush();
    expect(lines).toEqual([]);
    clock.advance(1);
    faults.flush();
    expect(lines).toHaveLength(1);
    clock.advance(10_000);
    faults.flush();
    expect(lines).toHaveLength(1);
  });

  it('forgets a kind once a window passes without it, so the next outage is logged in full again', () => {
    const { clock, faults } = recording();
    expect(faults.occurred('database unavailable', 'requests answered 503')).toBe(true);
    clock.advance(10_000);
    expect(faults.occurred('database unavailable', 'requests answered 503')).toBe(true);
    expect(faults.occurred('database unavailable', 'requests answered 503')).toBe(false);
  });

  it('says what was still counted when closed', () => {
    const { clock, lines, faults } = recording();
    faults.occurred('old rows could not be deleted', 'failed sweeps');
    faults.occurred('old rows could not be deleted', 'failed sweeps');
    clock.advance(3_000);
    faults.close();
    expect(lines.map((line) => line.message)).toEqual(['old rows could not be deleted: 1 failed sweeps in the last 3 s']);
    expect(faults.occurred('old rows could not be deleted', 'failed sweeps')).toBe(true);
  });

  it('flushes on its own while it counts, so the last summary of an outage is written with nothing else happening', () => {
    jest.useFakeTimers();
    const { clock, lines, faults } = recording();
    faults.occurred('database unavailable', 'requests answered 503');
    faults.occurred('database unavailable', 'requests answered 503');
    clock.advance(10_000);
    jest.advanceTimersByTime(1_000);
    expect(lines.map((line) => line.message)).toEqual(['database unavailable: 1 requests answered 503 in the last 10 s']);
    // The kind went quiet for a window: forgotten, and the timer stops.
    clock.advance(10_000);
    jest.advanceTimersByTime(1_000);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('summarises only the listed warnings of a domain service, passing the others on', () => {
    const clock = new FakeClock('2026-11-28T10:00:00.000Z');
    const lines: string[] = [];
    const log = summarisingWarnings({ warn: (_context, message) => lines.push(message) }, clock, {
      'could not record last use of a key': 'keys',
    });
    for (let i = 0; i < 3; i += 1) {
      log.warn({ keyId: String(i) }, 'could not record last use of a key');
      log.warn({}, 'something else');
    }
    clock.advance(10_000);
    log.warn({ keyId: '3' }, 'could not record last use of a key');
    expect(lines).toEqual([
      'could not record last use of a key',
      'something else',
      'something else',
      'something else',
      'could not record last use of a key: 2 keys in the last 10 s',
    ]);
  });
});
