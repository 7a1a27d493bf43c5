import { ApiProperty, ApiSchema } from '@nestjs/swagger';

const link = (description: string) => ({ type: 'string' as const, description });

@ApiSchema({
  name: 'FrontDoor',
  description: 'Where to go from the base URL. A browser (Accept preferring text/html) is redirected (302) to /developers instead.',
})
export class FrontDoorResponse {
  @ApiProperty()
  service!: string;

  @ApiProperty({
    type: 'object',
    selfRequired: true,
    required: ['developers', 'docs', 'openapi', 'api', 'health'],
    properties: {
      developers: link('The developer page: sign up, create and revoke keys'),
      docs: link('This reference, rendered'),
      openapi: link('This document'),
      api: link('Prefix of every API route'),
      health: link('Readiness check'),
    },
  })
  links!: Record<'developers' | 'docs' | 'openapi' | 'api' | 'health', string>;

  @ApiProperty()
  next!: string;
}
