/** Count limits of API.md section 6; reaching one is a 422 that says which. */
export const MAX_OWNED_LISTS = 500;
/** Members of one list, the owner included. */
export const MAX_MEMBERS = 50;
export const MAX_PENDING_INVITATIONS = 50;
/** Invitation mails one account sends per UTC day (each invitation mails its invitee). */
export const MAX_INVITATION_MAILS_PER_DAY = 50;
/** Invitations of one list no longer pending (answered, revoked, expired) that are kept (the newest). */
export const KEPT_SETTLED_INVITATIONS = 50;
/** Share links of one list that still work (neither revoked nor expired). */
export const MAX_ACTIVE_SHARE_LINKS = 50;
/** Revoked and expired share links kept per list (the newest); older ones are deleted. */
export const KEPT_INACTIVE_SHARE_LINKS = 50;
/**
 * Pending invitations shown by GET /v1/invitations (the oldest, which expire first): anyone may
 * invite any email, so the answer is bounded however many arrive; answering one shows the next.
 */
export const MAX_LISTED_PENDING_INVITATIONS = 100;
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const LIST_NAME_MAX = 100;
