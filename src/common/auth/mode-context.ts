import { AsyncLocalStorage } from 'node:async_hooks';
import type { KeyMode } from './principal';

/** Both modes, live first: what background work (janitors, delivery workers) runs once for each. */
export const MODES: readonly KeyMode[] = ['live', 'test'];

const store = new AsyncLocalStorage<KeyMode>();
/** Contexts entered (runInMode, enterModeForRequest) and not left yet. */
let contextsInFlight = 0;

/**
 * The mode of the work in progress: the sandbox (`test`) inside runInMode('test', …), live
 * everywhere else. The persistence layer reads it to pick the mode's database schema
 * (dataSourceFor, mode-data-sources.ts), so domain services and repositories never take a mode argument
 * and no query carries a mode filter: the separation is the schema's.
 */
export function currentMode(): KeyMode {
  return store.getStore() ?? 'live';
}

/**
 * Runs `work` in `mode`: everything it awaits, and every statement it sends, belongs to that
 * mode. Live work outside any mode context runs as it is, without entering the storage, so a
 * process serving only live keys never pays for it.
 *
 * On Node 20 and 22, an AsyncLocalStorage that has run once keeps promise hooks on every
 * promise of the process (a few % of a request's CPU) until it is disabled: the storage is
 * disabled again whenever no mode context is in flight (as the unit of work does with its own).
 * A context therefore lasts until `work` settles, and work that outlives it (a timer it armed, a
 * promise nobody awaits) cannot rely on its mode: such work takes its mode explicitly, with
 * runInMode, like the background workers.
 */
export function runInMode<T>(mode: KeyMode, work: () => Promise<T>): Promise<T> {
  if (mode === 'live' && store.getStore() === undefined) return work();
  contextsInFlight += 1;
  // An async function: work that throws before returning its promise rejects it instead, so the
  // context is always left.
  return store.run(mode, async () => work()).finally(leaveContext);
}

/**
 * Runs the rest of an HTTP request (`next`, Express's) in `mode`. The context counts as in
 * flight until the response has been sent, which is after its handler has finished. A request
 * whose client went away before that ('close' without 'finish') may still be running its
 * handler: its context is never counted as left, so the storage stays enabled (and its promise
 * hooks on) for the rest of the process rather than letting that handler's statements fall
 * back to live mode.
 */
export function enterModeForRequest(
  mode: KeyMode,
  response: { once(event: 'finish', listener: () => void): unknown },
  next: () => void,
): void {
  contextsInFlight += 1;
  response.once('finish', leaveContext);
  store.run(mode, next);
}

function leaveContext(): void {
  contextsInFlight -= 1;
  if (contextsInFlight === 0) store.disable();
}
