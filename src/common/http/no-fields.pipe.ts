import { Injectable, PipeTransform } from '@nestjs/common';
import { InvalidInput } from '../errors/domain-error';
import { unknownFieldsMessage } from './validation';

/**
 * For POST routes whose body has no fields (`{}` or none at all): the portal's logout and key
 * revocation, accepting and declining an invitation, joining by a share link. A DTO class
 * without properties cannot express this: the global ValidationPipe refuses any value for a
 * class it has no metadata for. Any field is unknown, hence the same 400 as elsewhere.
 */
@Injectable()
export class NoFieldsPipe implements PipeTransform {
  transform(value: unknown): Record<string, never> {
    const fields = value !== null && typeof value === 'object' ? Object.keys(value) : [];
    if (fields.length > 0) {
      throw new InvalidInput('VALIDATION_FAILED', unknownFieldsMessage(fields));
    }
    return {};
  }
}
