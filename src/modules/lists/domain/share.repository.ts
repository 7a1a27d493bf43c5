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
}
