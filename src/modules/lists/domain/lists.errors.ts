import { ForbiddenError, InvalidInput, NotFoundError, RuleViolation } from '../../../common/errors/domain-error';
import {
  LIST_NAME_MAX,
  MAX_ACTIVE_SHARE_LINKS,
  MAX_MEMBERS,
  MAX_OWNED_LISTS,
  MAX_PENDING_INVITATIONS,
  MAX_INVITATION_MAILS_PER_DAY,
} from './limits';

/** Unknown, invisible and malformed ids are one and the same answer, so existence never leaks. */
export class ListNotFound extends NotFoundError {
  constructor() {
    super('LIST_NOT_FOUND', 'List not found');
  }
}

export class MemberNotFound extends NotFoundError {
  constructor() {
    super('MEMBER_NOT_FOUND', 'Member not found');
  }
}

export class InvitationNotFound extends NotFoundError {
  constructor() {
    super('INVITATION_NOT_FOUND', 'Invitation not found');
  }
}

export class ShareNotFound extends NotFoundError {
  constructor() {
    super('SHARE_NOT_FOUND', 'Share link not found');
  }
}

/** Unknown, revoked and expired tokens look alike, so a token's history never leaks. */
export class ShareLinkNotUsable extends NotFoundError {
  constructor() {
    super('SHARE_LINK_NOT_FOUND', 'Share link not found, revoked or expired');
  }
}

export class NotAllowedOnList extends ForbiddenError {
  constructor(what: string) {
    super('LIST_ACTION_FORBIDDEN', `Only the list's owner can ${what}`);
  }
}

/** A list-restricted key asked for something that would reach a list outside its list_ids. */
export class KeyOutsideItsLists extends ForbiddenError {
  constructor(what: string) {
    super('KEY_LISTS_RESTRICTED', `This API key is restricted to some lists (list_ids) and cannot ${what}`);
  }
}

export class OnlyOwnRemoval extends ForbiddenError {
  constructor() {
    super('LIST_ACTION_FORBIDDEN', "Only the list's owner can remove other members; a member can only remove themself");
  }
}

export class InvalidListName extends InvalidInput {
  constructor(reason: string) {
    super('INVALID_LIST_NAME', reason);
  }
}

export class InvalidShareExpiry extends InvalidInput {
  constructor() {
    super('INVALID_SHARE_EXPIRY', 'expires_at must be in the future');
  }
}

export class DuplicateListName extends RuleViolation {
  constructor() {
    super('DUPLICATE_LIST_NAME', 'You already own a list with this name (names are compared case-insensitively)');
  }
}

export class AmbiguousListName extends RuleViolation {
  constructor(name: string, ids: readonly string[]) {
    super(
      'AMBIGUOUS_LIST_NAME',
      `The list name "${name}" is ambiguous: ${ids.length} lists shared with you by different owners have it; ` +
        `use the list id instead (${ids.join(', ')})`,
    );
  }
}

export class OwnedListLimit extends RuleViolation {
  constructor() {
    super('LIST_LIMIT', `An account can own at most ${MAX_OWNED_LISTS} lists; delete one first`);
  }
}

export class MemberLimit extends RuleViolation {
  constructor() {
    super('MEMBER_LIMIT', `A list can have at most ${MAX_MEMBERS} members, the owner included`);
  }
}

export class PendingInvitationLimit extends RuleViolation {
  constructor() {
    super('INVITATION_LIMIT', `A list can have at most ${MAX_PENDING_INVITATIONS} pending invitations; revoke one first`);
  }
}

export class InvitationMailLimit extends RuleViolation {
  constructor() {
    super(
      'INVITATION_MAIL_LIMIT',
      `An account can send at most ${MAX_INVITATION_MAILS_PER_DAY} invitation mails per day (UTC); try again tomorrow`,
    );
  }
}

export class ShareLinkLimit extends RuleViolation {
  constructor() {
    super('SHARE_LINK_LIMIT', `A list can have at most ${MAX_ACTIVE_SHARE_LINKS} active share links; revoke one first`);
  }
}

export class OwnerCannotLeave extends RuleViolation {
  constructor() {
    super('OWNER_CANNOT_LEAVE', 'The owner cannot leave the list: delete the list instead');
  }
}

export class OwnerRoleIsFixed extends RuleViolation {
  constructor() {
    super('OWNER_ROLE_FIXED', "The owner's role cannot be changed");
  }
}

export class AlreadyOwner extends RuleViolation {
  constructor(who: 'you' | 'invitee') {
    super('ALREADY_OWNER', who === 'you' ? 'You own this list already' : 'This email belongs to the owner of the list');
  }
}

export class AlreadyMember extends RuleViolation {
  constructor(who: 'you' | 'invitee') {
    super('ALREADY_MEMBER', who === 'you' ? 'You are already a member of this list' : 'This email belongs to a member of the list already');
  }
}

export class AlreadyInvited extends RuleViolation {
  constructor() {
    super('ALREADY_INVITED', 'This email already has a pending invitation to this list');
  }
}

export class InvitationNotPending extends RuleViolation {
  constructor(status: string) {
    super('INVITATION_NOT_PENDING', `Only a pending invitation can be accepted, declined or revoked; this one is ${status}`);
  }
}

export const LIST_NAME_RULE = `name must be 1-${LIST_NAME_MAX} characters after trimming, without NUL or unpaired surrogates`;
