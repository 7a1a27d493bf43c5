import { ApiProperty } from '@nestjs/swagger';
import { IsString, registerDecorator } from 'class-validator';
import { LIST_NAME_MAX } from '../../domain/limits';
import { listNameProblem } from '../../domain/list-name';
import { LIST_NAME_RULE } from '../../domain/lists.errors';

/** The domain's list-name rule, applied while the request is validated (a 400 before any lookup). */
function IsListName(): PropertyDecorator {
  return (target, propertyKey) =>
    registerDecorator({
      name: 'isListName',
      target: target.constructor,
      propertyName: String(propertyKey),
      validator: {
        validate: (value: unknown) => typeof value === 'string' && listNameProblem(value) === null,
        // A value that is no string at all is worded by the rule too, beside IsString's message.
        defaultMessage: (args) => (typeof args?.value === 'string' && listNameProblem(args.value)) || LIST_NAME_RULE,
      },
    });
}

/** Body of POST /v1/lists and PATCH /v1/lists/:id. */
export class ListNameDto {
  @ApiProperty({
    description:
      'Trimmed of surrounding white space and stored trimmed; unique per owner, compared after NFC and Unicode full case folding ' +
      '("Straße" and "STRASSE" are one name)',
    minLength: 1,
    maxLength: LIST_NAME_MAX,
    example: 'Groceries',
  })
  @IsString()
  @IsListName()
  name!: string;
}
