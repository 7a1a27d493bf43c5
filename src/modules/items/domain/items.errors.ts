import { ForbiddenError, InvalidInput, NotFoundError, RuleViolation } from '../../../common/errors/domain-error';

export const MAX_ITEMS_PER_LIST = 10_000;

/** Said when the list vanished between resolving it and writing to it (deleted meanwhile). */
export class ListGone extends NotFoundError {
  constructor() {
    super('LIST_NOT_FOUND', 'List not found');
  }
}

export class ItemsNotFound extends NotFoundError {
  constructor(entries: readonly string[]) {
    const shown = entries
      .slice(0, 5)
      .map((entry) => JSON.stringify(entry))
      .join(', ');
    const more = entries.length > 5 ? ` and ${entries.length - 5} more` : '';
    super('ITEM_NOT_FOUND', `No item of this list matches ${shown}${more}; nothing was changed`);
  }
}

export class ViewerCannotWrite extends ForbiddenError {
  constructor() {
    super('ITEMS_WRITE_FORBIDDEN', 'Your role on this list is viewer: only its owner and editors can change items');
  }
}

export class ItemLimitReached extends RuleViolation {
  constructor(adding: number) {
    super(
      'ITEM_LIMIT',
      `A list holds at most ${MAX_ITEMS_PER_LIST.toLocaleString('en-US')} items: adding ${adding} would exceed that limit; remove some items first`,
    );
  }
}

export class CursorOfAnotherList extends InvalidInput {
  constructor() {
    super('INVALID_CURSOR', 'cursor belongs to another list: pass back a next_cursor value of this list unchanged');
  }
}

/** An item id in a path that names no item of the list (or a malformed one): as unknown as an invisible list. */
export class ItemNotFound extends NotFoundError {
  constructor() {
    super('ITEM_NOT_FOUND', 'Item not found');
  }
}

/** An assignee must be the list's owner or one of its members (API.md section 13). */
export class AssigneeNotMember extends RuleViolation {
  constructor(userId: string, listName: string) {
    super('ASSIGNEE_NOT_MEMBER', `user ${userId} is neither the owner nor a member of the list "${listName}": only they can be assigned`);
  }
}
