import type { DataSource } from 'typeorm';
import { closeDatabaseWithin } from './data-source';

/** A DataSource whose destroy() settles when the spec says (a pool waiting on a connect). */
function pendingSource(): { source: DataSource; finish: () => void } {
  let finish = (): void => undefined;
  const destroyed = new Promise<void>((resolve) => (finish = resolve));
  return { source: { isInitialized: true, destroy: () => destroyed } as unknown as DataSource, finish };
}

describe('closeDatabaseWithin', () => {
  afterEach(() => jest.useRealTimers());

  it('answers true as soon as the pools have closed', async () => {
    const { source, finish } = pendingSource();
    const closing = closeDatabaseWithin(source, 1_000);
    finish();
    await expect(closing).resolves.toBe(true);
  });

  it('stops waiting when the wait ends, for a close still waiting on a connect', async () => {
    jest.useFakeTimers();
    const { source } = pendingSource();
    const closing = closeDatabaseWithin(source, 1_000);
    await jest.advanceTimersByTimeAsync(999);
    let settled = false;
    void closing.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(closing).resolves.toBe(false);
  });

  it('reports a close that fails in time', async () => {
    const source = { isInitialized: true, destroy: () => Promise.reject(new Error('broken pipe')) } as unknown as DataSource;
    await expect(closeDatabaseWithin(source, 1_000)).rejects.toThrow('broken pipe');
  });
});
