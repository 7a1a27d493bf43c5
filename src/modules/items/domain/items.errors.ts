import { ForbiddenError, InvalidInput, NotFoundError, PreconditionFailed, RuleViolation } from '../../../common/errors/domain-error';

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

/** If-Match named a version the item is no longer at (412): nothing was changed. */
export class ItemChangedSinceRead extends PreconditionFailed {
  constructor(current: number) {
    super(
      'ITEM_CHANGED',
      `the item changed since you read it: it is now at version ${current} (ETag "${current}"); read it again, then retry`,
    );
  }
}

/** An assignee must be the list's owner or one of its members (API.md section 13). */
export class AssigneeNotMember extends RuleViolation {
  constructor(userId: string, listName: string) {
    super('ASSIGNEE_NOT_MEMBER', `user ${userId} is neither the owner nor a member of the list "${listName}": only they can be assigned`);
  }
}

/** An update's text applies to one item only: many items would end with one text. */
export class TextOfManyItems extends RuleViolation {
  constructor(matched: number) {
    super('TEXT_OF_MANY_ITEMS', `set.text changes one item's text only, and these entries match ${matched} items; send one entry`);
  }
}

/** A move's before/after names one of the items being moved. */
export class MoveRelativeToItself extends RuleViolation {
  constructor(field: 'before' | 'after') {
    super('MOVE_RELATIVE_TO_ITSELF', `${field} names one of the items being moved: an item cannot be placed relative to itself`);
  }
}

/** A move into another list would take it past its limit. */
export class MoveLimitReached extends RuleViolation {
  constructor(moving: number) {
    super(
      'ITEM_LIMIT',
      `A list holds at most ${MAX_ITEMS_PER_LIST.toLocaleString('en-US')} items: moving ${moving} into it would exceed that limit; remove some items first`,
    );
  }
}
