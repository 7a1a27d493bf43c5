import { AsyncLocalStorage } from 'node:async_hooks';
import type { KeyMode } from '../auth/principal';

/**
 * The work in progress: the mode whose schema its statements go to, and the unit of work it is
 * part of (a TypeORM transaction's EntityManager, or an in-memory unit's marker).
 */
interface WorkContext {
  readonly mode: KeyMode;
  readonly unit: object | undefined;
}

/**
 * The process's one AsyncLocalStorage (docs/adr/0012-one-ambient-work-context.md). Domain and
 * application code never read it (the `domain-free-of-ambient-mode` boundary rule): they take
 * the mode as an argument and hand it to the ModeScope port; the persistence layer reads it to
 * pick the mode's pool (dataSourceFor) and the transaction to join (managerOf, NamedStatement).
 */
const store = new AsyncLocalStorage<WorkContext>();
/** Contexts entered (runInMode, runInUnit, enterModeForRequest) and not left yet. */
let contextsInFlight = 0;

/** The mode of the work in progress: `test` inside runInMode('test', …) or a test key's request, live everywhere else. */
export function currentMode(): KeyMode {
  return store.getStore()?.mode ?? 'live';
}

/** The unit of work the work in progress is part of, if any. */
export function unitInProgress(): object | undefined {
  return store.getStore()?.unit;
}

/**
 * Runs `work` in `mode`: everything it awaits, and every statement it sends, belongs to that
 * mode. Work already in that mode (live work outside any context included) runs as it is,
 * without entering the storage, so a process serving only live keys never pays for it. A unit
 * of work in progress is left behind on a change of mode: its connection is the other mode's.
 */
export function runInMode<T>(mode: KeyMode, work: () => Promise<T>): Promise<T> {
  if ((store.getStore()?.mode ?? 'live') === mode) return work();
  return enter({ mode, unit: undefined }, work);
}

/** Runs `work` as part of the unit of work `unit`, in the mode in progress. */
export function runInUnit<T>(unit: object, work: () => Promise<T>): Promise<T> {
  return enter({ mode: currentMode(), unit }, work);
}

/**
 * Runs `fn` outside any work: what it arms (a timer, a callback) starts with no mode and no unit
 * of work, whoever called it. Background work that a request can wake (a queue worker's next
 * round) is armed this way, so that it never runs in that request's mode or joins a
 * transaction that request has since ended.
 */
export function outsideAnyWork<T>(fn: () => T): T {
  return store.exit(fn);
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
  store.run({ mode, unit: undefined }, next);
}

/**
 * On Node 20 and 22, an AsyncLocalStorage that has run once keeps promise hooks on every
 * promise of the process (a few % of a request's CPU) until it is disabled: the storage is
 * disabled again whenever no context is in flight. A context therefore lasts until `work`
 * settles, and work that outlives it (a timer it armed, a promise nobody awaits) cannot rely on
 * it: such work takes its mode explicitly, like the background workers. (Node 24's
 * AsyncLocalStorage needs no hooks; there, disable() only clears the store of the leaving
 * callback's context, which holds none.)
 */
function enter<T>(context: WorkContext, work: () => Promise<T>): Promise<T> {
  contextsInFlight += 1;
  // An async function: work that throws before returning its promise rejects it instead, so the
  // context is always left.
  return store.run(context, async () => work()).finally(leaveContext);
}

function leaveContext(): void {
  contextsInFlight -= 1;
  if (contextsInFlight === 0) store.disable();
}
