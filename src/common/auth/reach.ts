import type { KeyMode, Viewer, ViewerInMode } from './principal';

/**
 * The viewer of every list the account can see, in `mode`: a developer-page session, or a key
 * without list_ids.
 */
export const accountViewer = (userId: string, mode: KeyMode = 'live'): ViewerInMode => ({ userId, listIds: null, mode });

/**
 * Whether a list the account can see is one the viewer reaches (API.md section 9): always for
 * a key without list_ids, else only the lists it names. The in-memory stores' half of the one
 * visibility rule (visibleListsSql's reachedByKeySql is the PostgreSQL half; the repository
 * contracts hold the two together).
 */
export const reachesList = (viewer: Viewer, listId: string): boolean => viewer.listIds === null || viewer.listIds.includes(listId);
