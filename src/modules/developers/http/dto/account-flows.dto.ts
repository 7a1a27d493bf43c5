import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

// Types are checked here; the rules for emails and passwords are the domain's (AccountsService),
// shared with sign-up.

export class VerifyEmailDto {
  @ApiProperty({ description: 'The token of the mailed link (`#verify=<token>`)', example: 'q9Vv3Jc0pXh1bRk2sT4uW6yZ8aC0eG2iK4mO6qS8uW0' })
  @IsString()
  token!: string;
}

export class ChangeEmailDto {
  @ApiProperty({ example: 'ada@new.example.com', maxLength: 254, description: 'Unique, matched case-insensitively' })
  @IsString()
  email!: string;

  @ApiProperty({ description: "The account's current password", example: 'correct horse battery staple' })
  @IsString()
  password!: string;
}

export class PasswordResetDto {
  @ApiProperty({ example: 'ada@example.com' })
  @IsString()
  email!: string;
}

export class ConfirmPasswordResetDto {
  @ApiProperty({ description: 'The token of the mailed link (`#reset=<token>`)', example: 'q9Vv3Jc0pXh1bRk2sT4uW6yZ8aC0eG2iK4mO6qS8uW0' })
  @IsString()
  token!: string;

  @ApiProperty({ minLength: 10, maxLength: 1024, description: 'The new password (the sign-up rules)', example: 'a brand new passphrase' })
  @IsString()
  password!: string;
}

export class ChangePasswordDto {
  @ApiProperty({ example: 'correct horse battery staple' })
  @IsString()
  current_password!: string;

  @ApiProperty({ minLength: 10, maxLength: 1024, description: 'The sign-up rules', example: 'a brand new passphrase' })
  @IsString()
  new_password!: string;
}
