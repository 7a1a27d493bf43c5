import { FakeClock } from '../testing/fake-clock';
import { RedisCircuit } from './redis-circuit';

const flush = () => new Promise((resolve) => setImmediate(resolve));
const timedOut = () => Promise.reject(new Error('Command timed out'));

describe('RedisCircuit', () => {
  let clock: FakeClock;
  let lines: string[];
  let resets: number;
  let circuit: RedisCircuit;
  /** Calls that reached "Redis". */
  let calls: number;
  let redis: () => Promise<string>;
  let probes: number;
  let probe: () => Promise<unknown>;

  beforeEach(() => {
    clock = new FakeClock();
    lines = [];
    resets = 0;
    calls = 0;
    probes = 0;
    circuit = new RedisCircuit(
      { warn: (m) => lines.push(`warn: ${m}`), info: (m) => lines.push(`info: ${m}`) },
      { down: (cause) => `down${cause}`, up: 'up', resetConnection: () => (resets += 1), retryMs: 1_000, maxRetryMs: 4_000 },
      clock,
    );
    redis = () => ((calls += 1), Promise.resolve('redis'));
    probe = () => ((probes += 1), timedOut());
  });
  const run = () => circuit.run(redis, async () => 'local', probe);

  it('sends calls to Redis while it answers', async () => {
    expect(await run()).toBe('redis');
    expect(await run()).toBe('redis');
    expect(calls).toBe(2);
    expect(lines).toEqual([]);
  });

  it('opens on the first timeout: later calls go local at once, without touching Redis, and the outage is logged once', async () => {
    redis = () => ((calls += 1), timedOut());
    expect(await run()).toBe('local');
    expect(resets).toBe(1); // the connection that owes a reply is dropped
    for (let i = 0; i < 50; i += 1) expect(await run()).toBe('local');
    expect(calls).toBe(1);
    expect(circuit.isOpen).toBe(true);
    expect(lines).toEqual(['warn: down (Command timed out)']);
  });

  it('does not drop the connection for errors that are not timeouts', async () => {
    redis = () => Promise.reject(new Error('Connection is closed.'));
    expect(await run()).toBe('local');
    expect(resets).toBe(0);
  });

  it('probes in the background once the retry delay has passed, one probe at a time, backing off while it fails', async () => {
    redis = () => ((calls += 1), timedOut());
    await run();
    clock.advance(999);
    await run();
    expect(probes).toBe(0);
    clock.advance(1);
    let settle!: (value: unknown) => void;
    probe = () => ((probes += 1), new Promise((_, reject) => (settle = () => reject(new Error('Command timed out')))));
    await run();
    await run();
    expect(probes).toBe(1); // the first is still running
    settle(undefined);
    await flush();
    expect(resets).toBe(2);
    probe = () => ((probes += 1), timedOut());
    clock.advance(1_999);
    await run();
    expect(probes).toBe(1); // next probe 2 s later
    clock.advance(1);
    await run();
    await flush();
    expect(probes).toBe(2);
    clock.advance(3_999);
    await run();
    expect(probes).toBe(2); // then 4 s (the cap)
    clock.advance(1);
    await run();
    await flush();
    clock.advance(4_000);
    await run();
    expect(probes).toBe(4);
    expect(calls).toBe(1); // no caller ever waited on Redis meanwhile
  });

  it('after a successful probe lets one call through as a trial, and closes when it succeeds (logged once)', async () => {
    redis = () => ((calls += 1), timedOut());
    await run();
    clock.advance(1_000);
    probe = () => ((probes += 1), Promise.resolve('PONG'));
    expect(await run()).toBe('local'); // the probe runs beside this call
    await flush();
    redis = () => ((calls += 1), Promise.resolve('redis'));
    expect(await run()).toBe('redis');
    expect(await run()).toBe('redis');
    expect(circuit.isOpen).toBe(false);
    expect(lines).toEqual(['warn: down (Command timed out)', 'info: up']);
  });

  it('reopens when the trial fails, without logging the outage again', async () => {
    redis = () => ((calls += 1), timedOut());
    await run();
    clock.advance(1_000);
    probe = () => Promise.resolve('PONG');
    await run();
    await flush();
    expect(await run()).toBe('local'); // the trial timed out
    expect(circuit.isOpen).toBe(true);
    expect(lines).toEqual(['warn: down (Command timed out)']);

    clock.advance(1_000);
    await run();
    await flush();
    redis = () => Promise.resolve('redis');
    expect(await run()).toBe('redis');
    expect(lines).toEqual(['warn: down (Command timed out)', 'info: up']);
  });

  it('is opened by errors Redis reports outside calls (a lost connection), and says so once', async () => {
    circuit.failed(new Error('connect ECONNREFUSED'));
    circuit.failed(new Error('connect ECONNREFUSED'));
    expect(await run()).toBe('local');
    expect(calls).toBe(0);
    expect(lines).toEqual(['warn: down (connect ECONNREFUSED)']);
  });
});
