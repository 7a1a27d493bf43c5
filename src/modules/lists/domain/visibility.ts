import { isUuid } from '../../../common/ports/id-generator';
import type { VisibleList } from './list';
import type { ListRepository } from './list.repository';
import { ListNotFound } from './lists.errors';

/** A path id as stored (lower case), or null when it cannot name anything. */
export const pathId = (raw: string): string | null => (isUuid(raw) ? raw.toLowerCase() : null);

/** The list as the caller sees it; a malformed, unknown or invisible id is the same 404. */
export async function findVisibleOrThrow(lists: ListRepository, userId: string, listId: string): Promise<VisibleList> {
  const id = pathId(listId);
  const visible = id && (await lists.findVisible(userId, id));
  if (!visible) throw new ListNotFound();
  return visible;
}
