import type { Viewer } from '../../../common/auth/principal';
import { isUuid } from '../../../common/ports/id-generator';
import type { VisibleList } from './list';
import type { ListRepository } from './list.repository';
import { KeyOutsideItsLists, ListNotFound } from './lists.errors';

/** A path id as stored (lower case), or null when it cannot name anything. */
export const pathId = (raw: string): string | null => (isUuid(raw) ? raw.toLowerCase() : null);

/** The list as the viewer sees it; a malformed, unknown or invisible id (or one outside the key's lists) is the same 404. */
export async function findVisibleOrThrow(lists: ListRepository, viewer: Viewer, listId: string): Promise<VisibleList> {
  const id = pathId(listId);
  const visible = id && (await lists.findVisible(viewer, id));
  if (!visible) throw new ListNotFound();
  return visible;
}

/** What would bring a list outside a restricted key's lists within reach, worded for its 403. */
const REACHING_OUTSIDE = {
  createList: "create lists: a new list would reach outside the key's lists",
  acceptInvitation: "accept invitations: joining the invitation's list would reach outside the key's lists",
  joinShare: "join share links: joining the link's list would reach outside the key's lists",
  webhookWithoutList: "create a webhook without a list_id: it would reach outside the key's lists (name one of them)",
  resetSandbox: "reset the sandbox: the reset deletes and leaves every list of the account, not only the key's",
} as const;
export type ReachingOutside = keyof typeof REACHING_OUTSIDE;

/**
 * API.md section 9: a key with list_ids reaches those lists only, so what would reach a list
 * outside them (a new list, an invitation or a share link's list, an account-wide webhook) is a
 * 403 decided here, for every service that offers it; a key without list_ids may do them all.
 */
export function assertMayReachOutside(viewer: Viewer, action: ReachingOutside): void {
  if (viewer.listIds !== null) throw new KeyOutsideItsLists(REACHING_OUTSIDE[action]);
}
