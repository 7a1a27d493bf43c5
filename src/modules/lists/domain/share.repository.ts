import type { Share } from './share';

/** Port: share links. */
export abstract class ShareRepository {
  abstract insert(share: Share): Promise<void>;
  abstract findById(id: string): Promise<Share | null>;
  abstract findByTokenHash(tokenHash: string): Promise<Share | null>;
  /** Every share link of the list, revoked ones included, oldest first. */
  abstract listByList(listId: string): Promise<Share[]>;
  /** Writes revokedAt. */
  abstract save(share: Share): Promise<void>;
  /** Links of the list that still work at `now`: neither revoked nor expired. */
  abstract countUsable(listId: string, now: Date): Promise<number>;
  /** Deletes the list's revoked and expired links except the `keep` newest of them; returns how many went. */
  abstract deleteUnusableBeyond(listId: string, now: Date, keep: number): Promise<number>;
}
