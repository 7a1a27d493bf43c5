import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'SandboxDeleted', description: 'What a sandbox reset deleted' })
export class SandboxDeletedResponse {
  @ApiProperty({ minimum: 0, description: 'The sandbox lists the account owned, each recorded as list.deleted' })
  lists!: number;

  @ApiProperty({ minimum: 0, description: "The account's memberships in other accounts' sandbox lists, each left (member.removed)" })
  memberships!: number;

  @ApiProperty({ minimum: 0, description: "The account's sandbox webhooks, with their deliveries" })
  webhooks!: number;
}

export class SandboxResetData {
  @ApiProperty({ type: () => SandboxDeletedResponse })
  deleted!: SandboxDeletedResponse;
}
