import { ValidationError, ValidationPipe } from '@nestjs/common';
import { InvalidInput } from '../errors/domain-error';

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) =>
      message.startsWith(error.property) && parent ? `${parent}.${message}` : message,
    );
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

/**
 * DTO validation for bodies and queries: unknown fields are rejected (the contract
 * says requests may not carry them) and every failure is one 400 in the envelope.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new InvalidInput('VALIDATION_FAILED', flatten(errors).join('; ') || 'Invalid request'),
  });
}
