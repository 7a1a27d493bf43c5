/** `evt_` and 122 random bits in hex; shared with the add statement, which makes its events' ids in Node too. */
export { newEventId } from '../../../common/persistence/events-sql';
