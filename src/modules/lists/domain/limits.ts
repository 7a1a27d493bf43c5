/** Count limits of API.md section 6; reaching one is a 422 that says which. */
export const MAX_OWNED_LISTS = 500;
/** Members of one list, the owner included. */
export const MAX_MEMBERS = 50;
export const MAX_PENDING_INVITATIONS = 50;
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const LIST_NAME_MAX = 100;
