import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits for one observable event with a deadline: resolves with `work`'s result, or fails
 * with "… did not happen within N ms: <what>" once the deadline passes, instead of hanging
 * until Jest's test timeout (or asserting on elapsed time after the fact).
 */
export async function withDeadline<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

export interface WaitForOptions {
  /** What is awaited, for the failure message ("the last_used_at write to land"); a function is read at failure time. */
  what: string | (() => string);
  /** The deadline; 5 s unless told. */
  timeoutMs?: number;
  /** The pause between two checks; 20 ms unless told. */
  intervalMs?: number;
}

/**
 * Polls `check` until it returns something truthy, and returns that. Bounded: past
 * `timeoutMs` (a check still running counts against it too) it fails with a message that
 * names `what`. A check that throws fails the wait at once: it is a bug, not "not yet".
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { what, timeoutMs = 5_000, intervalMs = 20 }: WaitForOptions,
): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const deadline = performance.now() + timeoutMs;
  const describe = () => (typeof what === 'function' ? what() : what);
  const timedOut = () => new Error(`Timed out after ${timeoutMs} ms waiting for ${describe()}`);
  const expired = Symbol('expired');
  for (;;) {
    const left = deadline - performance.now();
    if (left <= 0) throw timedOut();
    let timer: NodeJS.Timeout | undefined;
    const value = await Promise.race([
      Promise.resolve().then(check),
      new Promise<typeof expired>((resolve) => {
        timer = setTimeout(() => resolve(expired), left);
      }),
    ]).finally(() => clearTimeout(timer));
    if (value === expired) throw timedOut();
    if (value) return value as Exclude<T, false | null | undefined | 0 | ''>;
    await sleep(Math.max(0, Math.min(intervalMs, deadline - performance.now())));
  }
}
