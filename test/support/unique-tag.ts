import { randomBytes } from 'node:crypto';

/**
 * Ten random hex characters, to make names, emails and usernames unique on a database that
 * specs share (never the clock: two specs can start in the same millisecond).
 */
export const uniqueTag = () => randomBytes(5).toString('hex');
