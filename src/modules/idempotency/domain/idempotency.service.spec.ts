import { FakeClock } from '../../../common/testing/fake-clock';
import { InMemoryUnitOfWork } from '../../../common/testing/in-memory-unit-of-work';
import { InMemoryIdempotencyRepository } from '../infrastructure/in-memory/in-memory-idempotency.repository';
import { IDEMPOTENCY_TTL_MS, IdempotencyService } from './idempotency.service';
import { fingerprintRequest, routeOperation } from '../idempotent-request';

const ALICE = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';

function setup() {
  const clock = new FakeClock('2026-06-01T12:00:00.000Z');
  const records = new InMemoryIdempotencyRepository();
  const service = new IdempotencyService(records, new InMemoryUnitOfWork(), clock);
  let effects = 0;
  const work =
    (answer: unknown = { n: 1 }) =>
    async () => {
      effects += 1;
      return answer;
    };
  const request = (overrides: Partial<{ userId: string; key: string; body: unknown; path: string }> = {}) => ({
    userId: overrides.userId ?? ALICE,
    key: overrides.key ?? 'key-1',
    fingerprint: fingerprintRequest(
      routeOperation('POST', overrides.path ?? '/v1/actions/add'),
      overrides.body ?? { list: 'a', items: ['x'] },
    ),
  });
  return { clock, records, service, work, request, effects: () => effects };
}

describe('IdempotencyService', () => {
  it('runs the first request, then replays its response without running it again', async () => {
    const { service, work, request, effects } = setup();
    expect(await service.execute(request(), work({ items: [1] }))).toEqual({ replayed: false, response: { items: [1] } });
    expect(await service.execute(request(), work({ items: [2] }))).toEqual({ replayed: true, response: { items: [1] } });
    expect(effects()).toBe(1);
  });

  it('refuses the key with another path or body (422), changing nothing', async () => {
    const { service, work, request, effects } = setup();
    await service.execute(request(), work());
    const reused = expect.objectContaining({ kind: 'rule', code: 'IDEMPOTENCY_KEY_REUSED' });
    await expect(service.execute(request({ body: { list: 'a', items: ['y'] } }), work())).rejects.toThrow(reused);
    await expect(service.execute(request({ path: '/v1/actions/remove' }), work())).rejects.toThrow(reused);
    expect(effects()).toBe(1);
  });

  it('stores no error: the client may fix the request and retry with the same key', async () => {
    const { service, work, request, effects } = setup();
    const failing = async () => {
      throw new Error('boom');
    };
    await expect(service.execute(request({ body: { bad: true } }), failing)).rejects.toThrow('boom');
    expect(await service.execute(request(), work({ ok: 1 }))).toEqual({ replayed: false, response: { ok: 1 } });
    expect(effects()).toBe(1);
  });

  it('keeps keys per account', async () => {
    const { service, work, request, effects } = setup();
    await service.execute(request({ userId: ALICE }), work());
    expect((await service.execute(request({ userId: BOB }), work())).replayed).toBe(false);
    expect(effects()).toBe(2);
  });

  it('replays for 24 hours, then treats the record as absent', async () => {
    const { service, work, request, clock, effects } = setup();
    await service.execute(request(), work({ first: true }));
    clock.advance(IDEMPOTENCY_TTL_MS - 1);
    expect((await service.execute(request(), work())).replayed).toBe(true);
    clock.advance(1);
    expect(await service.execute(request({ body: { other: 1 } }), work({ second: true }))).toEqual({
      replayed: false,
      response: { second: true },
    });
    expect(effects()).toBe(2);
  });

  it('lets concurrent repeats wait for the first and replay it: one effect', async () => {
    const { service, request, effects, work } = setup();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => service.execute(request(), work({ once: true }))));
    expect(effects()).toBe(1);
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    expect(new Set(outcomes.map((o) => JSON.stringify(o.response))).size).toBe(1);
  });

  it('stores a handler that answers nothing as {} (what the envelope sends)', async () => {
    const { service, request } = setup();
    await service.execute(request(), async () => undefined);
    expect(await service.execute(request(), async () => undefined)).toEqual({ replayed: true, response: {} });
  });

  it('purges expired records only', async () => {
    const { service, work, request, clock, records } = setup();
    await service.execute(request({ key: 'old' }), work());
    clock.advance(IDEMPOTENCY_TTL_MS - 1000);
    await service.execute(request({ key: 'new' }), work());
    clock.advance(1000);
    expect(await service.purgeExpired()).toBe(1);
    expect(records.size).toBe(1);
    expect((await service.execute(request({ key: 'new' }), work())).replayed).toBe(true);
  });
});
