import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

// Types are checked here; bounds (which count code points, after trimming where the
// contract says so) are the domain's, so the portal and the operator CLI share them.

export class SignUpDto {
  @ApiProperty({ example: 'ada@example.com', maxLength: 254, description: 'Unique, matched case-insensitively' })
  @IsString()
  email!: string;

  @ApiProperty({ example: 'ada_l', pattern: '^[a-z0-9_]{3,32}$', minLength: 3, maxLength: 32 })
  @IsString()
  username!: string;

  @ApiProperty({ example: 'Ada Lovelace', minLength: 1, maxLength: 100 })
  @IsString()
  name!: string;

  @ApiProperty({ minLength: 10, maxLength: 1024, example: 'correct horse battery staple' })
  @IsString()
  password!: string;
}

export class LoginDto {
  @ApiProperty({ example: 'ada@example.com', description: 'The email (any case) or the username' })
  @IsString()
  login!: string;

  @ApiProperty({ example: 'correct horse battery staple' })
  @IsString()
  password!: string;
}

export class CreateKeyDto {
  @ApiProperty({ example: 'CI pipeline', minLength: 1, maxLength: 100, description: 'Trimmed' })
  @IsString()
  label!: string;
}
