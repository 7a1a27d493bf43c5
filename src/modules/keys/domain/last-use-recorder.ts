import type { WarningLog } from '../../../common/ports/warning-log';
import { ApiKeyRepository } from './api-key.repository';
import { KEY_CACHE_LIMIT } from './key-cache';

export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * last_used_at is written at most once a minute per key, off the request's critical path: this
 * instance skips the write within the minute, and the repository's conditional write stops
 * other instances from repeating it.
 */
export class LastUseRecorder {
  private readonly lastTouched = new Map<string, number>();

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly log: WarningLog = console,
  ) {}

  note(keyId: string, now: number): void {
    const last = this.lastTouched.get(keyId);
    if (last !== undefined && now - last < LAST_USED_RESOLUTION_MS) return;
    if (this.lastTouched.size >= KEY_CACHE_LIMIT) this.lastTouched.clear();
    this.lastTouched.set(keyId, now);
    this.keys.touchLastUsed(keyId, new Date(now), LAST_USED_RESOLUTION_MS).catch((error: unknown) => {
      this.log.warn({ err: error, keyId }, 'could not record last use of a key');
    });
  }
}
