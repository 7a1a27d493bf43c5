import { EventLog } from '../../events/domain/event-log';
import type { NewEvent } from '../../events/domain/event';
import { ListEvent, ListEvents } from '../domain/list-events';
import type { UserDirectory } from '../../auth/domain/user-directory';
import { lookUpUsers, presentInvitation, presentList, presentMember } from '../application/list-resources';

/**
 * ListEvents over the events outbox: each event's `data` in the JSON the list, member and
 * invitation routes answer with (the same resources, application/list-resources.ts), the users it names fetched in one
 * batch with the actor, then every event recorded in one statement.
 */
export class RecordedListEvents extends ListEvents {
  constructor(
    private readonly users: UserDirectory,
    private readonly log: EventLog,
  ) {
    super();
  }

  async record(actorId: string, at: Date, events: readonly ListEvent[]): Promise<void> {
    if (events.length === 0) return;
    const named = events.map((event) =>
      'member' in event ? event.member.userId : 'invitation' in event ? event.invitation.inviterId : event.list.list.ownerId,
    );
    const user = await lookUpUsers(this.users, [actorId, ...named]);
    const actor = user(actorId);
    await this.log.record(
      events.map((event): NewEvent => {
        if ('member' in event) {
          const data = { member: presentMember(user, event.member) };
          return { type: event.type, list: { id: event.list.id, name: event.list.name }, actor, data, createdAt: at };
        }
        if ('invitation' in event) {
          const data = { invitation: presentInvitation(user, event.invitation) };
          return { type: event.type, list: { id: event.list.id, name: event.list.name }, actor, data, createdAt: at };
        }
        const { list } = event.list;
        return {
          type: event.type,
          list: { id: list.id, name: list.name },
          actor,
          data: { list: presentList(user, event.list) },
          createdAt: at,
        };
      }),
    );
  }
}
