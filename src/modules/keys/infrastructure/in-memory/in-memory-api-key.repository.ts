import { ApiKey, ApiKeyProps } from '../../domain/api-key';
import { ApiKeyRepository } from '../../domain/api-key.repository';

export class InMemoryApiKeyRepository extends ApiKeyRepository {
  private readonly rows = new Map<string, ApiKeyProps>();

  /** The account's keys usable at `now`, but `except`. */
  private activeCount(userId: string, now: Date, except?: string): number {
    return [...this.rows.values()].filter((k) => k.userId === userId && k.id !== except && ApiKey.restore(k).statusAt(now) === 'active')
      .length;
  }

  async insertIfBelowLimit(key: ApiKey, maxActive: number): Promise<boolean> {
    const props = key.toProps();
    if (this.activeCount(props.userId, props.createdAt) >= maxActive) return false;
    this.rows.set(props.id, props);
    return true;
  }

  async insertReplacing(replacement: ApiKey, replaced: ApiKey, maxActive: number): Promise<boolean> {
    const props = replacement.toProps();
    const old = this.rows.get(replaced.id);
    if (this.activeCount(props.userId, props.createdAt, replaced.id) >= maxActive) return false;
    this.rows.set(props.id, props);
    const expiresAt = replaced.expiresAt;
    if (old && expiresAt && (!old.expiresAt || old.expiresAt > expiresAt)) this.rows.set(old.id, { ...old, expiresAt });
    return true;
  }

  async findById(id: string): Promise<ApiKey | null> {
    const row = this.rows.get(id);
    return row ? ApiKey.restore(row) : null;
  }

  async findByHash(keyHash: string): Promise<ApiKey | null> {
    const row = [...this.rows.values()].find((k) => k.keyHash === keyHash);
    return row ? ApiKey.restore(row) : null;
  }

  async findManyByHash(keyHashes: readonly string[]): Promise<ApiKey[]> {
    const wanted = new Set(keyHashes);
    return [...this.rows.values()].filter((k) => wanted.has(k.keyHash)).map((row) => ApiKey.restore(row));
  }

  async listByUser(userId: string): Promise<ApiKey[]> {
    return [...this.rows.values()]
      .filter((k) => k.userId === userId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((row) => ApiKey.restore(row));
  }

  async deleteRevokedBeyond(userId: string, keep: number): Promise<number> {
    const revoked = [...this.rows.values()]
      .filter((k) => k.userId === userId && k.status === 'revoked')
      .sort((a, b) => b.revokedAt!.getTime() - a.revokedAt!.getTime() || (a.id < b.id ? 1 : -1));
    for (const row of revoked.slice(keep)) this.rows.delete(row.id);
    return Math.max(0, revoked.length - keep);
  }

  async save(key: ApiKey): Promise<void> {
    const props = key.toProps();
    this.rows.set(props.id, props);
  }

  async touchLastUsed(id: string, at: Date, resolutionMs: number): Promise<void> {
    const row = this.rows.get(id);
    if (!row) return;
    if (row.lastUsedAt && row.lastUsedAt.getTime() > at.getTime() - resolutionMs) return;
    this.rows.set(id, { ...row, lastUsedAt: at });
  }
}
