import { DomainError, InvalidInput } from '../../../common/errors/domain-error';

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
