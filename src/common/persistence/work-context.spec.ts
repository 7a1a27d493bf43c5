import { currentMode, runInMode, runInUnit, unitInProgress } from './work-context';

/** A promise the test settles by hand (Node 20 has no Promise.withResolvers). */
function gate(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** Resolves after every callback queued with setImmediate so far (and the microtasks before it). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The mode a callback armed inside a test-mode context sees when it runs, after the context settled. */
async function modeOfWorkThatOutlivesItsContext(): Promise<string | undefined> {
  let late: string | undefined;
  await runInMode('test', async () => void setImmediate(() => (late = currentMode())));
  await nextTurn();
  return late;
}

describe('work context', () => {
  it('is live outside any context', () => {
    expect(currentMode()).toBe('live');
  });

  it('keeps the mode across every await of the work, and is live again once it settles', async () => {
    const seen: string[] = [];
    const answer = await runInMode('test', async () => {
      seen.push(currentMode());
      await nextTurn();
      seen.push(currentMode());
      await Promise.all([1, 2].map(async () => seen.push(currentMode())));
      return 42;
    });
    expect(answer).toBe(42);
    expect(seen).toEqual(['test', 'test', 'test', 'test']);
    expect(currentMode()).toBe('live');
  });

  it('nests: an inner context has its own mode, and the outer one is back after it', async () => {
    const seen: string[] = [];
    await runInMode('test', async () => {
      await runInMode('live', async () => {
        await nextTurn();
        seen.push(currentMode());
        await runInMode('test', async () => seen.push(currentMode()));
        seen.push(currentMode());
      });
      seen.push(currentMode());
    });
    expect(seen).toEqual(['live', 'test', 'live', 'test']);
    expect(currentMode()).toBe('live');
  });

  it('runs live work outside any context as it is, without entering one', async () => {
    const work = jest.fn(async () => currentMode());
    await expect(runInMode('live', work)).resolves.toBe('live');
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('keeps concurrent contexts of both modes apart', async () => {
    const open = gate();
    const both = Promise.all(
      (['test', 'live', 'test'] as const).map((mode) =>
        runInMode('test', () =>
          runInMode(mode, async () => {
            await open.promise;
            return currentMode();
          }),
        ),
      ),
    );
    open.resolve();
    expect(await both).toEqual(['test', 'live', 'test']);
  });

  it.each([
    ['rejects', () => Promise.reject(new Error('failed work'))],
    [
      'throws before returning a promise',
      () => {
        throw new Error('failed work');
      },
    ],
  ])('leaves the context when the work %s, answering the rejection', async (_label, work: () => Promise<never>) => {
    await expect(runInMode('test', work)).rejects.toThrow('failed work');
    expect(currentMode()).toBe('live');
    // The count of contexts in flight came back to zero: the storage is disabled (see below), and a new context works.
    expect(await modeOfWorkThatOutlivesItsContext()).toBe('live');
    await expect(runInMode('test', async () => currentMode())).resolves.toBe('test');
  });

  it('is disabled once no context is in flight: work that outlives its context does not keep its mode', async () => {
    expect(await modeOfWorkThatOutlivesItsContext()).toBe('live');
  });

  it('keeps the mode for a timer armed in a context while another context is still in flight', async () => {
    const open = gate();
    const outer = runInMode('test', () => open.promise);
    // Not a promise this module makes: the documented reason background work takes its mode explicitly.
    expect(await modeOfWorkThatOutlivesItsContext()).toBe('test');
    open.resolve();
    await outer;
    expect(currentMode()).toBe('live');
  });

  it('runs a unit of work in the mode in progress, and leaves the unit behind on a change of mode', async () => {
    const unit = {};
    const seen: Array<[string, object | undefined]> = [];
    await runInMode('test', () =>
      runInUnit(unit, async () => {
        await nextTurn();
        seen.push([currentMode(), unitInProgress()]);
        await runInMode('test', async () => seen.push([currentMode(), unitInProgress()]));
        await runInMode('live', async () => seen.push([currentMode(), unitInProgress()]));
      }),
    );
    expect(seen).toEqual([
      ['test', unit],
      ['test', unit],
      ['live', undefined],
    ]);
    expect(unitInProgress()).toBeUndefined();
  });

  it('counts units of work and mode contexts together: the storage stays enabled while either is in flight', async () => {
    const open = gate();
    const unit = runInUnit({}, () => open.promise);
    expect(await modeOfWorkThatOutlivesItsContext()).toBe('test');
    open.resolve();
    await unit;
    expect(await modeOfWorkThatOutlivesItsContext()).toBe('live');
  });
});
