import { FakeClock } from '../testing/fake-clock';
import { isUuid } from './id-generator';
import { UuidGenerator } from '../crypto/uuid-generator';
import { SequentialIdGenerator } from '../testing/sequential-id-generator';
import { InMemoryUnitOfWork } from '../testing/in-memory-unit-of-work';

describe('FakeClock', () => {
  it('moves only when told', () => {
    const clock = new FakeClock('2026-01-01T00:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    clock.advance(1500);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:01.500Z');
  });
});

describe('id generators', () => {
  it('produce UUIDs', () => {
    const sequential = new SequentialIdGenerator();
    expect(sequential.next()).toBe('00000000-0000-4000-8000-000000000001');
    expect(isUuid(sequential.next())).toBe(true);
    expect(isUuid(new UuidGenerator().next())).toBe(true);
  });

  it('isUuid rejects anything else, so malformed path ids never reach a query', () => {
    for (const bad of ['', 'abc', "1' OR '1'='1", '00000000-0000-4000-8000-00000000000g', 42, null]) {
      expect(isUuid(bad)).toBe(false);
    }
  });
});

/** A promise the test settles by hand, so that the order of events is the test's, not a timer's. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** Lets every queued promise callback run: a unit that is not held back has started by then. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('InMemoryUnitOfWork', () => {
  it('runs units one after another, never interleaved', async () => {
    const uow = new InMemoryUnitOfWork();
    const trace: string[] = [];
    const gates = { a: deferred(), b: deferred() };
    const unit = (name: 'a' | 'b') =>
      uow.run(async () => {
        trace.push(`${name}:start`);
        await gates[name].promise;
        trace.push(`${name}:end`);
      });
    const both = Promise.all([unit('a'), unit('b')]);
    await settle();
    expect(trace).toEqual(['a:start']);
    gates.b.resolve();
    await settle();
    expect(trace).toEqual(['a:start']);
    gates.a.resolve();
    await both;
    expect(trace).toEqual(['a:start', 'a:end', 'b:start', 'b:end']);
  });

  it('makes a unit that starts while another is running wait for it', async () => {
    const uow = new InMemoryUnitOfWork();
    const trace: string[] = [];
    const gate = deferred();
    const first = uow.run(async () => {
      trace.push('a:start');
      await gate.promise;
      trace.push('a:end');
    });
    await settle();
    expect(trace).toEqual(['a:start']);
    const second = uow.run(async () => void trace.push('b'));
    await settle();
    expect(trace).toEqual(['a:start']);
    gate.resolve();
    await Promise.all([first, second]);
    expect(trace).toEqual(['a:start', 'a:end', 'b']);
  });

  it('lets a nested unit join the outer one instead of deadlocking', async () => {
    const uow = new InMemoryUnitOfWork();
    await expect(uow.run(() => uow.run(async () => 'inner'))).resolves.toBe('inner');
  });

  it('releases after a failure', async () => {
    const uow = new InMemoryUnitOfWork();
    await expect(uow.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(uow.run(async () => 'next')).resolves.toBe('next');
  });
});
