import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, registerDecorator } from 'class-validator';
import { EMAIL_MAX, isEmailAddress } from '../../../auth/domain/user';
import type { MemberRole } from '../../domain/membership';
import { MemberRoleField } from './member-role.dto';

/** Sign-up's rule, not a stricter one of our own: an address an account may have must be invitable. */
function IsAccountEmail(): PropertyDecorator {
  return (target, propertyKey) =>
    registerDecorator({
      name: 'isAccountEmail',
      target: target.constructor,
      propertyName: String(propertyKey),
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isEmailAddress(value),
        defaultMessage: () => 'email must be a valid email address',
      },
    });
}

/** Body of POST /v1/lists/:id/invitations. */
export class InviteDto {
  @ApiProperty({
    description: 'Need not belong to an account yet; matched case-insensitively',
    maxLength: EMAIL_MAX,
    example: 'ada@example.com',
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsAccountEmail()
  email!: string;

  @MemberRoleField()
  role!: MemberRole;
}
