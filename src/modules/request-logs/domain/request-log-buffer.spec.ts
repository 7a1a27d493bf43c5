import { randomUUID } from 'node:crypto';
import type { KeyMode } from '../../../common/auth/principal';
import { ModeScope } from '../../../common/ports/mode-scope';
import { FakeClock } from '../../../common/testing/fake-clock';
import { SequentialIdGenerator } from '../../../common/testing/sequential-id-generator';
import { InMemoryRequestLogRepository } from '../infrastructure/in-memory/in-memory-request-log.repository';
import { LogRequestRedaction } from '../infrastructure/log-request-redaction';
import { type CapturedRequest, REQUEST_LOG_BODY_LIMIT, REQUEST_LOG_HELD_BODY_CHARS, type RequestLogLine } from './request-log';
import { RequestLogBuffer, type RequestLogBufferLimits } from './request-log-buffer';

/** Each mode's store, as each mode's schema holds its own table; the scope says which one a statement goes to. */
class TwoModes extends ModeScope {
  current: KeyMode = 'live';
  readonly stores = { live: new InMemoryRequestLogRepository(), test: new InMemoryRequestLogRepository() };
  readonly statements: Array<{ mode: KeyMode; lines: number }> = [];
  async run<T>(mode: KeyMode, work: () => Promise<T>): Promise<T> {
    const before = this.current;
    this.current = mode;
    try {
      return await work();
    } finally {
      this.current = before;
    }
  }
}

const clock = new FakeClock('2026-11-28T10:00:00.000Z');

function setUp(limits: RequestLogBufferLimits = { maxLines: 100, keyBurst: 100, keyLinesPerSecond: 100 }) {
  const modes = new TwoModes();
  const warnings: Array<{ context: object; message: string }> = [];
  let failing = false;
  const repository = new (class extends InMemoryRequestLogRepository {
    override async insertMany(lines: readonly RequestLogLine[]): Promise<void> {
      if (failing) throw new Error('database away');
      modes.statements.push({ mode: modes.current, lines: lines.length });
      await modes.stores[modes.current].insertMany(lines);
    }
  })();
  const buffer = new RequestLogBuffer(
    repository,
    new LogRequestRedaction(),
    modes,
    new SequentialIdGenerator(),
    { warn: (context, message) => warnings.push({ context, message }) },
    limits,
  );
  return { buffer, modes, warnings, fail: (value: boolean) => (failing = value) };
}

const USER = randomUUID();
const KEY = randomUUID();

function captured(fields: Partial<CapturedRequest> = {}): CapturedRequest {
  return {
    mode: 'live',
    userId: USER,
    keyId: KEY,
    startedAt: clock.now(),
    durationMs: 4,
    method: 'POST',
    route: '/v1/lists',
    url: '/v1/lists?api_key=sk_live_abcdefgh12345678',
    status: 200,
    requestId: 'req-1',
    requestBody: { name: 'Groceries' },
    responseBody: '{"data":{"list":{"name":"Groceries"}},"error":null}',
    ...fields,
  };
}

const stored = async (modes: TwoModes, mode: KeyMode) => modes.stores[mode].page(USER, {}, new Date(0), 1000, null);

describe('RequestLogBuffer', () => {
  it('holds requests without writing, then stores each mode’s in one statement per flush', async () => {
    const { buffer, modes } = setUp();
    for (let i = 0; i < 3; i++) buffer.add(captured());
    buffer.add(captured({ mode: 'test' }));
    expect(buffer.size).toBe(4);
    expect(modes.statements).toEqual([]);
    await buffer.flush();
    expect(modes.statements).toEqual([
      { mode: 'live', lines: 3 },
      { mode: 'test', lines: 1 },
    ]);
    expect(buffer.size).toBe(0);
    expect(await stored(modes, 'live')).toHaveLength(3);
    expect(await stored(modes, 'test')).toHaveLength(1);
    await buffer.flush();
    expect(modes.statements).toHaveLength(2);
  });

  it('makes each line at the flush: its id, its masked path, its bodies redacted and bounded', async () => {
    const { buffer, modes } = setUp();
    buffer.add(captured({ requestBody: { name: 'x', password: 'hunter2 hunter2' }, responseBody: `"${'y'.repeat(9000)}"` }));
    await buffer.flush();
    const [line] = await stored(modes, 'live');
    const found = await modes.stores.live.find(USER, line.id);
    expect(found).toMatchObject({
      keyId: KEY,
      createdAt: clock.now(),
      durationMs: 4,
      method: 'POST',
      route: '/v1/lists',
      path: '/v1/lists',
      status: 200,
      requestId: 'req-1',
      requestBody: { text: '{"name":"x","password":"[redacted]"}', truncated: false },
      responseBody: { text: `"${'y'.repeat(8191)}`, truncated: true },
    });
  });

  it('keeps of a long answer only what can be stored, and still marks its line cut', async () => {
    const { buffer, modes } = setUp();
    const page = `{"data":{"items":[${Array.from({ length: 2000 }, (_, i) => `{"text":"item ${i}"}`).join(',')}]}}`;
    expect(page.length).toBeGreaterThan(REQUEST_LOG_HELD_BODY_CHARS);
    buffer.add(captured({ responseBody: page }));
    await buffer.flush();
    const [line] = await stored(modes, 'live');
    const found = await modes.stores.live.find(USER, line.id);
    expect(found?.responseBody?.truncated).toBe(true);
    expect(page.startsWith(found!.responseBody!.text)).toBe(true);
    expect(Buffer.byteLength(found!.responseBody!.text)).toBeLessThanOrEqual(REQUEST_LOG_BODY_LIMIT);
  });

  it('drops and counts what comes past the buffer’s bound until the next flush, never blocking', async () => {
    const { buffer, modes } = setUp({ maxLines: 3, keyBurst: 100, keyLinesPerSecond: 100 });
    for (let i = 0; i < 5; i++) buffer.add(captured({ keyId: randomUUID() }));
    expect(buffer.size).toBe(3);
    expect(buffer.drops()).toEqual({ buffer_full: 2, key_share: 0, write_failed: 0 });
    await buffer.flush();
    buffer.add(captured());
    expect(buffer.size).toBe(1);
    expect(buffer.drops().buffer_full).toBe(2);
    await buffer.flush();
    expect(await stored(modes, 'live')).toHaveLength(4);
  });

  /** A request of the key `keyId` (KEY unless given) that finished `ms` after the clock's time. */
  const at = (ms: number, fields: Partial<CapturedRequest> = {}) =>
    captured({ startedAt: new Date(clock.now().getTime() + ms), durationMs: 0, ...fields });

  it('logs a key’s burst whole, then its rate, so one busy key leaves room for the others', () => {
    const { buffer } = setUp({ maxLines: 100, keyBurst: 3, keyLinesPerSecond: 2 });
    const other = randomUUID();
    for (let i = 0; i < 5; i++) buffer.add(at(0));
    buffer.add(at(0, { keyId: other }));
    expect(buffer.size).toBe(4);
    expect(buffer.drops()).toEqual({ buffer_full: 0, key_share: 2, write_failed: 0 });
    // Half a second refills one line (2 a second), never more than the burst.
    buffer.add(at(499));
    expect(buffer.size).toBe(4);
    buffer.add(at(500));
    buffer.add(at(500));
    expect(buffer.size).toBe(5);
    expect(buffer.drops().key_share).toBe(4);
  });

  it('refills a quiet key’s share to its burst and no further, and never twice for requests finishing out of order', () => {
    const { buffer } = setUp({ maxLines: 100, keyBurst: 2, keyLinesPerSecond: 1 });
    buffer.add(at(0));
    buffer.add(at(0));
    buffer.add(at(60_000));
    buffer.add(at(60_000));
    buffer.add(at(60_000));
    expect(buffer.size).toBe(4);
    // Finished earlier than the last one seen: no time passed for the share.
    buffer.add(at(30_000));
    expect(buffer.size).toBe(4);
    expect(buffer.drops().key_share).toBe(2);
  });

  it('forgets at a flush the shares that have refilled, and keeps the others', async () => {
    const { buffer } = setUp({ maxLines: 100, keyBurst: 2, keyLinesPerSecond: 1 });
    const quiet = randomUUID();
    buffer.add(at(0, { keyId: quiet }));
    buffer.add(at(0));
    buffer.add(at(0));
    buffer.add(at(1_500));
    await buffer.flush();
    // The busy key's share is still spent: half a second later it has half a line.
    buffer.add(at(1_999));
    expect(buffer.size).toBe(0);
    expect(buffer.drops().key_share).toBe(1);
  });

  it('gives a key’s failed requests a share of their own, so a burst of successes leaves room for its errors', () => {
    const { buffer } = setUp({ maxLines: 100, keyBurst: 2, keyLinesPerSecond: 1 });
    for (let i = 0; i < 3; i++) buffer.add(at(0));
    for (const status of [400, 404, 500]) buffer.add(at(0, { status }));
    expect(buffer.size).toBe(4);
    expect(buffer.drops()).toEqual({ buffer_full: 0, key_share: 2, write_failed: 0 });
  });

  it('counts the lines of a refused write as dropped, warns, and goes on with the next flush', async () => {
    const { buffer, modes, warnings, fail } = setUp();
    buffer.add(captured());
    buffer.add(captured());
    fail(true);
    await expect(buffer.flush()).resolves.toBeUndefined();
    expect(buffer.drops()).toEqual({ buffer_full: 0, key_share: 0, write_failed: 2 });
    expect(warnings).toEqual([{ context: expect.objectContaining({ mode: 'live', lines: 2 }), message: expect.stringMatching(/dropped/) }]);
    fail(false);
    buffer.add(captured());
    await buffer.flush();
    expect(await stored(modes, 'live')).toHaveLength(1);
  });

  it('lets a flush asked for during another wait for it, then write what came meanwhile', async () => {
    const { buffer, modes } = setUp();
    buffer.add(captured());
    const first = buffer.flush();
    buffer.add(captured());
    const second = buffer.flush();
    await Promise.all([first, second]);
    expect(modes.statements).toEqual([
      { mode: 'live', lines: 1 },
      { mode: 'live', lines: 1 },
    ]);
  });
});
