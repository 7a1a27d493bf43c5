import { PipeTransform } from '@nestjs/common';
import { InvalidInput } from '../../../common/errors/domain-error';
import { unknownFieldsMessage } from '../../../common/http/validation';

/**
 * For POST routes that take no fields: no body or `{}`. A class without properties cannot
 * go through the global ValidationPipe (it refuses such "unknown values"), and requests
 * may not carry unknown fields, so anything else is refused here with the same 400.
 */
export class EmptyBodyPipe implements PipeTransform {
  transform(value: unknown): Record<string, never> {
    const fields = value && typeof value === 'object' ? Object.keys(value) : [];
    if (fields.length > 0) throw new InvalidInput('VALIDATION_FAILED', unknownFieldsMessage(fields));
    return {};
  }
}
