import type { KeyMode } from '../auth/principal';

/**
 * Runs work on one mode's data (docs/test-mode.md): every statement `work` sends, and every
 * unit of work it starts, goes to that mode's schema. Domain code that works on a mode other than
 * its caller's (a key's lists checked in the key's mode, a sandbox reset, a backlog read per
 * mode) names the mode here, as an argument; the persistence layer picks the mode's pool.
 */
export abstract class ModeScope {
  abstract run<T>(mode: KeyMode, work: () => Promise<T>): Promise<T>;
}
