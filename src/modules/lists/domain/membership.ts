import { ListRole } from './list-access';

export type MemberRole = Exclude<ListRole, 'owner'>;
export const MEMBER_ROLES: readonly MemberRole[] = ['editor', 'viewer'];

export interface MembershipProps {
  listId: string;
  userId: string;
  role: MemberRole;
  joinedAt: Date;
}

/** A user's membership of someone else's list. The owner is never a membership. */
export class Membership {
  private constructor(private props: MembershipProps) {}

  static join(input: MembershipProps): Membership {
    return new Membership({ ...input });
  }

  static restore(props: MembershipProps): Membership {
    return new Membership({ ...props });
  }

  get listId() {
    return this.props.listId;
  }
  get userId() {
    return this.props.userId;
  }
  get role() {
    return this.props.role;
  }
  get joinedAt() {
    return this.props.joinedAt;
  }

  changeRole(role: MemberRole): void {
    this.props = { ...this.props, role };
  }

  toProps(): MembershipProps {
    return { ...this.props };
  }
}
