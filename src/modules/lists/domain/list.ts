import type { AccessibleList, ListRole } from './list-access';
import { NotAllowedOnList, OnlyOwnRemoval, OwnerCannotLeave } from './lists.errors';
import type { Membership } from './membership';

export interface ListProps {
  id: string;
  ownerId: string;
  name: string;
  /** Kept by the items module; this module only reads them. */
  itemCount: number;
  openItemCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A to-do list. Its owner lives here and only here; everyone else holds a Membership. */
export class List {
  private constructor(private props: ListProps) {}

  /** `name` must already have passed parseListName. */
  static create(input: { id: string; ownerId: string; name: string; now: Date }): List {
    return new List({
      id: input.id,
      ownerId: input.ownerId,
      name: input.name,
      itemCount: 0,
      openItemCount: 0,
      createdAt: input.now,
      updatedAt: input.now,
    });
  }

  static restore(props: ListProps): List {
    return new List({ ...props });
  }

  get id() {
    return this.props.id;
  }
  get ownerId() {
    return this.props.ownerId;
  }
  get name() {
    return this.props.name;
  }
  get itemCount() {
    return this.props.itemCount;
  }
  get openItemCount() {
    return this.props.openItemCount;
  }
  get createdAt() {
    return this.props.createdAt;
  }
  get updatedAt() {
    return this.props.updatedAt;
  }

  isOwnedBy(userId: string): boolean {
    return this.props.ownerId === userId;
  }

  /** The user's role, or null when the list is not theirs to see. */
  roleOf(userId: string, membership: Membership | null): ListRole | null {
    if (this.isOwnedBy(userId)) return 'owner';
    return membership && membership.listId === this.props.id && membership.userId === userId ? membership.role : null;
  }

  rename(name: string, now: Date): void {
    this.props = { ...this.props, name, updatedAt: now };
  }

  toProps(): ListProps {
    return { ...this.props };
  }
}

/** What only the owner may do, worded for the 403 message. */
const OWNER_ACTIONS = {
  rename: 'rename the list',
  delete: 'delete the list',
  invite: 'invite members',
  seeInvitations: 'see the invitations',
  revokeInvitation: 'revoke invitations',
  share: 'create share links',
  seeShares: 'see the share links',
  revokeShare: 'revoke share links',
  changeRole: 'change roles',
} as const;
export type OwnerAction = keyof typeof OWNER_ACTIONS;

/**
 * A list as one caller sees it. Every permission decision of the module is made here,
 * from the caller's role: reading needs only visibility; managing needs ownership.
 */
export class VisibleList {
  constructor(
    readonly list: List,
    readonly role: ListRole,
    readonly callerId: string,
  ) {}

  get isOwner(): boolean {
    return this.role === 'owner';
  }

  /** Throws a 403-kind error unless the caller owns the list. */
  authorize(action: OwnerAction): void {
    if (!this.isOwner) throw new NotAllowedOnList(OWNER_ACTIONS[action]);
  }

  /** The owner removes members; a member removes only themself (leaves); the owner cannot leave. */
  authorizeRemoval(targetUserId: string): void {
    if (targetUserId === this.callerId) {
      if (this.isOwner) throw new OwnerCannotLeave();
      return;
    }
    if (!this.isOwner) throw new OnlyOwnRemoval();
  }

  toAccessible(): AccessibleList {
    return { id: this.list.id, name: this.list.name, role: this.role };
  }
}
