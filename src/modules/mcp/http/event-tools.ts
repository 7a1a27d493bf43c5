import { Injectable } from '@nestjs/common';
import { isUuid } from '../../../common/ports/id-generator';
import { EventFeedQuery } from '../../events/application/event-feed.query';
import { EventsService } from '../../events/domain/events.service';
import { ListAccess } from '../../lists/domain/list-access';
import { listReference, validateArguments } from './tool-arguments';
import type { ToolHandlers } from './tool-handlers';

/** The change feed's tool, a thin call of what its route calls. */
@Injectable()
export class EventTools {
  constructor(
    private readonly events: EventsService,
    private readonly access: ListAccess,
  ) {}

  readonly handlers: Pick<ToolHandlers, 'get_changes'> = {
    /**
     * GET /v1/events, with `list` by id or name. An id is the route's `list_id` as it is (the
     * events of a list since deleted or left stay readable by its id); a name is resolved among
     * the lists the caller can see now.
     */
    get_changes: async (caller, { list, ...rest }) => {
      const reference = list === undefined ? undefined : await listReference(list);
      const query = await validateArguments(EventFeedQuery, 'query', rest);
      const listId = reference === undefined || isUuid(reference) ? reference : (await this.access.resolve(caller, reference)).id;
      const page = await this.events.feed(caller, { after: query.after, limit: query.limit, listId });
      return { data: { events: page.events, next_cursor: page.nextCursor } };
    },
  };
}
