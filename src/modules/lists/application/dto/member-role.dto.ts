import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { MEMBER_ROLES, MemberRole } from '../../domain/membership';

/** A member's role: owner is not a role anyone can be given. */
export const MemberRoleField = () => (target: object, propertyKey: string) => {
  ApiProperty({ enum: MEMBER_ROLES, example: 'editor' })(target, propertyKey);
  IsIn(MEMBER_ROLES, { message: `${propertyKey} must be one of: ${MEMBER_ROLES.join(', ')}` })(target, propertyKey);
};

/** Body of PATCH /v1/lists/:id/members/:user_id. */
export class MemberRoleDto {
  @MemberRoleField()
  role!: MemberRole;
}
