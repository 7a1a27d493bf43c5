import type { Viewer } from '../../../common/auth/principal';
import { Clock } from '../../../common/ports/clock';
import { IdGenerator } from '../../../common/ports/id-generator';
import { SecretGenerator } from '../../../common/ports/secret-generator';
import { TokenHasher } from '../../../common/ports/token-hasher';
import { UnitOfWork } from '../../../common/ports/unit-of-work';
import { VisibleList } from './list';
import { ListEvents } from './list-events';
import { ListRepository } from './list.repository';
import { KEPT_INACTIVE_SHARE_LINKS, MAX_ACTIVE_SHARE_LINKS } from './limits';
import { InvalidShareExpiry, ListNotFound, ShareLinkLimit, ShareLinkNotUsable, ShareNotFound } from './lists.errors';
import { MemberAdmission } from './member-admission';
import type { MemberRole } from './membership';
import { hashShareToken, isShareTokenFormat, Share } from './share';
import { ShareRepository } from './share.repository';
import { assertMayReachOutside, findVisibleOrThrow, pathId } from './visibility';

/** Share links: the owner makes and revokes them; anyone holding a usable token joins. */
export class SharesService {
  private readonly admission: MemberAdmission;

  constructor(
    private readonly lists: ListRepository,
    private readonly shares: ShareRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly secrets: SecretGenerator,
    private readonly hasher: TokenHasher,
    private readonly events: ListEvents,
  ) {
    this.admission = new MemberAdmission(lists);
  }

  async create(viewer: Viewer, listId: string, input: { role: MemberRole; expiresAt: Date | null }): Promise<Share> {
    const now = this.clock.now();
    // A bound on the request itself (400), so it is checked before the list is looked at.
    if (input.expiresAt && input.expiresAt.getTime() <= now.getTime()) throw new InvalidShareExpiry();
    const visible = await findVisibleOrThrow(this.lists, viewer, listId);
    visible.authorize('share');
    // Under the list's lock: a deletion in flight either finishes first (the list is gone: 404,
    // never a foreign-key violation) or waits for the link, which then goes with the list.
    return this.uow.run(async () => {
      if (!(await this.lists.lockList(visible.list.id))) throw new ListNotFound();
      if ((await this.shares.countUsable(visible.list.id, now)) >= MAX_ACTIVE_SHARE_LINKS) throw new ShareLinkLimit();
      // Links only accumulate here: keeping the newest unusable ones bounds what the list holds.
      await this.shares.deleteUnusableBeyond(visible.list.id, now, KEPT_INACTIVE_SHARE_LINKS);
      const share = Share.issue(
        { id: this.ids.next(), listId: visible.list.id, role: input.role, expiresAt: input.expiresAt, now },
        this.secrets,
        this.hasher,
      );
      await this.shares.insert(share);
      return share;
    });
  }

  async list(viewer: Viewer, listId: string): Promise<Share[]> {
    const visible = await findVisibleOrThrow(this.lists, viewer, listId);
    visible.authorize('seeShares');
    return this.shares.listByList(visible.list.id);
  }

  /** Stops new joins; members who joined through the link stay. Revoking twice is harmless. */
  async revoke(viewer: Viewer, listId: string, shareId: string): Promise<Share> {
    const visible = await findVisibleOrThrow(this.lists, viewer, listId);
    visible.authorize('revokeShare');
    const id = pathId(shareId);
    // Under the list's lock, so a join in flight either finishes first or sees the revocation.
    return this.uow.run(async () => {
      await this.lists.lockList(visible.list.id);
      const share = id && (await this.shares.findById(id));
      if (!share || share.listId !== visible.list.id) throw new ShareNotFound();
      share.revoke(this.clock.now());
      await this.shares.save(share);
      return share;
    });
  }

  /**
   * The caller joins with the link's role. Unknown, revoked and expired tokens are one 404. A
   * list-restricted key joins none (403): the list would be outside its lists.
   */
  async join(viewer: Viewer, token: string): Promise<VisibleList> {
    assertMayReachOutside(viewer, 'joinShare');
    const userId = viewer.userId;
    if (!isShareTokenFormat(token)) throw new ShareLinkNotUsable();
    const share = await this.shares.findByTokenHash(hashShareToken(this.hasher, token));
    if (!share || !share.isUsableAt(this.clock.now())) throw new ShareLinkNotUsable();
    return this.uow.run(async () => {
      const list = await this.lists.lockList(share.listId);
      // Read again under the lock: a revocation may have landed since the lookup above.
      const current = list && (await this.shares.findById(share.id));
      const now = this.clock.now();
      if (!list || !current || !current.isUsableAt(now)) throw new ShareLinkNotUsable();
      const joined = await this.admission.admit(list, userId, current.role, now);
      await this.events.record(userId, now, [{ type: 'member.joined', list, member: { userId, role: current.role, joinedAt: now } }]);
      return joined;
    });
  }
}
