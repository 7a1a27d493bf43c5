import type { ViewerInMode } from '../../../common/auth/principal';
import { ModeScope } from '../../../common/ports/mode-scope';
import { UnitOfWork } from '../../../common/ports/unit-of-work';
import { IdempotencyService } from '../../idempotency/domain/idempotency.service';
import { ListsService } from '../../lists/domain/lists.service';
import { assertMayReachOutside } from '../../lists/domain/visibility';
import { WebhooksService } from '../../webhooks/domain/webhooks.service';

/** What a reset deleted (API.md section 10): the answer's `deleted`. */
export interface SandboxReset {
  /** The sandbox lists the account owned. */
  lists: number;
  /** The memberships it had in other accounts' sandbox lists. */
  memberships: number;
  /** Its sandbox webhooks (their deliveries went with them). */
  webhooks: number;
}

/**
 * Resets an account's sandbox (`POST /v1/sandbox/reset`, and the developer page's "Reset test
 * data"): its lists deleted and its memberships left as the lists module records them one by
 * one (list.deleted, member.removed), its webhooks with their deliveries and its idempotency
 * records deleted. It runs in the viewer's mode (ModeScope), which must be test: a test key, or
 * the page's session in test mode; it refuses to start in any other, so no path can reach live
 * data through it.
 *
 * One transaction: a reset is seen whole or not at all (docs/API.md, "Resetting the sandbox").
 */
export class SandboxService {
  constructor(
    private readonly lists: ListsService,
    private readonly webhooks: WebhooksService,
    private readonly idempotency: IdempotencyService,
    private readonly uow: UnitOfWork,
    private readonly modes: ModeScope,
  ) {}

  /**
   * `keepIdempotencyKey`: the Idempotency-Key of the request that resets, when it has one; its
   * record (taken in this same transaction) stays, so that a repeat replays this answer as for
   * any POST. A list-restricted key may not reset: the reset reaches every list of the account (403).
   */
  async reset(viewer: ViewerInMode, keepIdempotencyKey: string | null = null): Promise<SandboxReset> {
    if (viewer.mode !== 'test') throw new Error(`sandbox reset refused in ${viewer.mode} mode: it only ever works on the sandbox`);
    assertMayReachOutside(viewer, 'resetSandbox');
    const userId = viewer.userId;
    return this.modes.run(viewer.mode, () =>
      this.uow.run(async () => {
        const { lists, memberships } = await this.lists.deleteAllOf(userId);
        const webhooks = await this.webhooks.deleteAllOf(userId);
        await this.idempotency.forgetAccount(userId, keepIdempotencyKey);
        return { lists, memberships, webhooks };
      }),
    );
  }
}
