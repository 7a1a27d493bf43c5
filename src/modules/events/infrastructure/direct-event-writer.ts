import type { KeyMode } from '../../../common/auth/principal';
import { directEventJson, type DirectEvent, EventWriter } from '../domain/event-writer';
import { newEventId } from '../persistence/event-id';

/** EventWriter with the events module's own id generator, which the recorded events' ids come from too. */
export class DirectEventWriter extends EventWriter {
  write(event: DirectEvent, mode: KeyMode): { id: string; json: string } {
    const id = newEventId();
    return { id, json: JSON.stringify(directEventJson(id, event, mode)) };
  }
}
