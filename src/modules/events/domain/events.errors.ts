import { DomainError, InvalidInput } from '../../../common/errors/domain-error';
import type { FeedOrder } from './event';

/** 410: the cursor is older than the retained events (API.md section 8). */
export class CursorExpired extends DomainError {
  constructor() {
    super('gone', 'CURSOR_EXPIRED', 'cursor expired: read the lists again, then follow the feed from now');
  }
}

export class UnknownEventType extends InvalidInput {
  constructor(type: string) {
    super('UNKNOWN_EVENT_TYPE', `types: unknown event type ${JSON.stringify(type.slice(0, 50))}`);
  }
}

export class InvalidListFilter extends InvalidInput {
  constructor() {
    super('INVALID_LIST_ID', 'list_id must be a list id');
  }
}

/** A cursor sent with the other order than the one that issued it: it marks a place in that walk only. */
export class CursorOfAnotherOrder extends InvalidInput {
  constructor(issuedFor: FeedOrder) {
    super('INVALID_CURSOR', `after: this cursor was issued for order=${issuedFor}: send it with order=${issuedFor}`);
  }
}

/** `after=now` marks where to follow the feed from: a newest-first read starts at the newest event without it. */
export class NowInNewestOrder extends InvalidInput {
  constructor() {
    super('INVALID_AFTER', 'after=now goes with order=oldest only: order=newest starts from the newest event without after');
  }
}
